// The shared page's words in each interface language (SPEC §1, §9), worded as the app words the same things.
import type { Locale } from "../domain/locales";

export interface PageText {
  sharedConversation: string;
  /** The reader's message, as the page labels it. */
  prompt: string;
  thinking: string;
  sources: string;
  imageBy: (model: string) => string;
  answerError: string;
  forkHint: string;
  fork: string;
  signInHint: string;
  signIn: string;
  messages: (count: number, plural: Intl.LDMLPluralRule) => string;
  sharedFrom: (product: string) => string;
  footer: string;
  notAvailableTitle: string;
  notAvailable: string;
  linkWrong: string;
  pageNotFound: (path: string) => string;
  backHome: string;
  discover: (product: string) => string;
}

const en: PageText = {
  sharedConversation: "Shared conversation",
  prompt: "Prompt",
  thinking: "Thinking",
  sources: "Sources",
  imageBy: (model) => `Image made by ${model}`,
  answerError: "This answer ended with an error.",
  forkHint: "Pick up where this conversation ends, in a chat of your own.",
  fork: "Continue this chat",
  signInHint: "Sign in to continue this conversation in a chat of your own.",
  signIn: "Sign in to continue",
  messages: (n, plural) => `${n} ${plural === "one" ? "message" : "messages"}`,
  sharedFrom: (product) => `A conversation shared from ${product}.`,
  footer:
    "A copy of a conversation its author chose to share, as it was when shared. Answers are written by AI models and may be wrong.",
  notAvailableTitle: "Not available",
  notAvailable: "This conversation is not available",
  linkWrong: "The link may be wrong, or its author stopped sharing it.",
  pageNotFound: (path) => `Page Not Found: ${path}`,
  backHome: "Back to the home page",
  discover: (product) => `Discover ${product}`,
};

const fr: PageText = {
  sharedConversation: "Conversation partagée",
  prompt: "Question",
  thinking: "Réflexion",
  sources: "Sources",
  imageBy: (model) => `Image créée par ${model}`,
  answerError: "Cette réponse s’est terminée par une erreur.",
  forkHint: "Reprenez là où cette conversation s’arrête, dans une discussion à vous.",
  fork: "Continuer cette discussion",
  signInHint: "Connectez-vous pour continuer cette conversation dans une discussion à vous.",
  signIn: "Se connecter pour continuer",
  messages: (n, plural) => `${n} ${plural === "one" ? "message" : "messages"}`,
  sharedFrom: (product) => `Une conversation partagée depuis ${product}.`,
  footer:
    "Copie d’une conversation que son auteur a choisi de partager, telle qu’elle était alors. Les réponses sont écrites par des modèles d’IA et peuvent être fausses.",
  notAvailableTitle: "Indisponible",
  notAvailable: "Cette conversation n’est pas disponible",
  linkWrong: "Le lien est peut-être erroné, ou son auteur a cessé de la partager.",
  pageNotFound: (path) => `Page introuvable : ${path}`,
  backHome: "Retour à l'accueil",
  discover: (product) => `Découvrir ${product}`,
};

const it: PageText = {
  sharedConversation: "Conversazione condivisa",
  prompt: "Domanda",
  thinking: "Ragionamento",
  sources: "Fonti",
  imageBy: (model) => `Immagine creata da ${model}`,
  answerError: "Questa risposta è terminata con un errore.",
  forkHint: "Riprendi da dove finisce questa conversazione, in una chat tutta tua.",
  fork: "Continua questa chat",
  signInHint: "Accedi per continuare questa conversazione in una chat tutta tua.",
  signIn: "Accedi per continuare",
  messages: (n, plural) => `${n} ${plural === "one" ? "messaggio" : "messaggi"}`,
  sharedFrom: (product) => `Una conversazione condivisa da ${product}.`,
  footer:
    "Copia di una conversazione che l’autore ha scelto di condividere, com’era al momento della condivisione. Le risposte sono scritte da modelli di IA e possono essere sbagliate.",
  notAvailableTitle: "Non disponibile",
  notAvailable: "Questa conversazione non è disponibile",
  linkWrong: "Il link potrebbe essere errato, oppure l’autore ha smesso di condividerla.",
  pageNotFound: (path) => `Pagina non trovata: ${path}`,
  backHome: "Torna alla home",
  discover: (product) => `Scopri ${product}`,
};

const es: PageText = {
  sharedConversation: "Conversación compartida",
  prompt: "Pregunta",
  thinking: "Razonamiento",
  sources: "Fuentes",
  imageBy: (model) => `Imagen creada por ${model}`,
  answerError: "Esta respuesta terminó con un error.",
  forkHint: "Retoma esta conversación donde termina, en un chat propio.",
  fork: "Continuar este chat",
  signInHint: "Inicia sesión para continuar esta conversación en un chat propio.",
  signIn: "Iniciar sesión para continuar",
  messages: (n, plural) => `${n} ${plural === "one" ? "mensaje" : "mensajes"}`,
  sharedFrom: (product) => `Una conversación compartida desde ${product}.`,
  footer:
    "Copia de una conversación que su autor decidió compartir, tal como estaba entonces. Las respuestas las escriben modelos de IA y pueden ser erróneas.",
  notAvailableTitle: "No disponible",
  notAvailable: "Esta conversación no está disponible",
  linkWrong: "Puede que el enlace sea incorrecto o que su autor haya dejado de compartirla.",
  pageNotFound: (path) => `Página no encontrada: ${path}`,
  backHome: "Volver al inicio",
  discover: (product) => `Descubre ${product}`,
};

const de: PageText = {
  sharedConversation: "Geteilte Unterhaltung",
  prompt: "Frage",
  thinking: "Überlegung",
  sources: "Quellen",
  imageBy: (model) => `Bild erstellt von ${model}`,
  answerError: "Diese Antwort endete mit einem Fehler.",
  forkHint: "Mach dort weiter, wo diese Unterhaltung endet, in einem eigenen Chat.",
  fork: "Diesen Chat fortsetzen",
  signInHint: "Melde dich an, um diese Unterhaltung in einem eigenen Chat fortzusetzen.",
  signIn: "Anmelden und fortsetzen",
  messages: (n, plural) => `${n} ${plural === "one" ? "Nachricht" : "Nachrichten"}`,
  sharedFrom: (product) => `Eine aus ${product} geteilte Unterhaltung.`,
  footer:
    "Kopie einer Unterhaltung, die ihr Autor geteilt hat, so wie sie beim Teilen war. Antworten werden von KI-Modellen geschrieben und können falsch sein.",
  notAvailableTitle: "Nicht verfügbar",
  notAvailable: "Diese Unterhaltung ist nicht verfügbar",
  linkWrong: "Der Link ist vielleicht falsch, oder der Autor teilt sie nicht mehr.",
  pageNotFound: (path) => `Seite nicht gefunden: ${path}`,
  backHome: "Zurück zur Startseite",
  discover: (product) => `${product} entdecken`,
};

const pt: PageText = {
  sharedConversation: "Conversa compartilhada",
  prompt: "Pergunta",
  thinking: "Raciocínio",
  sources: "Fontes",
  imageBy: (model) => `Imagem gerada por ${model}`,
  answerError: "Esta resposta terminou com um erro.",
  forkHint: "Continue de onde esta conversa parou, na sua própria conta.",
  fork: "Continuar esta conversa",
  signInHint: "Entre para continuar esta conversa na sua própria conta.",
  signIn: "Entrar para continuar",
  messages: (n, plural) => `${n} ${plural === "one" ? "mensagem" : "mensagens"}`,
  sharedFrom: (product) => `Uma conversa compartilhada do ${product}.`,
  footer:
    "Cópia de uma conversa que o autor decidiu compartilhar, como estava naquele momento. As respostas são escritas por modelos de IA e podem estar erradas.",
  notAvailableTitle: "Indisponível",
  notAvailable: "Esta conversa não está disponível",
  linkWrong: "O link pode estar errado, ou o autor parou de compartilhá-la.",
  pageNotFound: (path) => `Página não encontrada: ${path}`,
  backHome: "Voltar à página inicial",
  discover: (product) => `Descubra o ${product}`,
};

const pl: PageText = {
  sharedConversation: "Udostępniona rozmowa",
  prompt: "Pytanie",
  thinking: "Rozumowanie",
  sources: "Źródła",
  imageBy: (model) => `Obraz utworzony przez ${model}`,
  answerError: "Ta odpowiedź zakończyła się błędem.",
  forkHint: "Kontynuuj tam, gdzie kończy się ta rozmowa, we własnym czacie.",
  fork: "Kontynuuj ten czat",
  signInHint: "Zaloguj się, aby kontynuować tę rozmowę we własnym czacie.",
  signIn: "Zaloguj się, aby kontynuować",
  messages: (n, plural) => `${n} ${plural === "one" ? "wiadomość" : "wiadomości"}`,
  sharedFrom: (product) => `Rozmowa udostępniona z ${product}.`,
  footer:
    "Kopia rozmowy, którą autor postanowił udostępnić, w stanie z chwili udostępnienia. Odpowiedzi piszą modele AI i mogą być błędne.",
  notAvailableTitle: "Niedostępne",
  notAvailable: "Ta rozmowa jest niedostępna",
  linkWrong: "Link może być błędny albo autor przestał ją udostępniać.",
  pageNotFound: (path) => `Nie znaleziono strony: ${path}`,
  backHome: "Wróć na stronę główną",
  discover: (product) => `Poznaj ${product}`,
};

const ca: PageText = {
  sharedConversation: "Conversa compartida",
  prompt: "Pregunta",
  thinking: "Raonament",
  sources: "Fonts",
  imageBy: (model) => `Imatge creada per ${model}`,
  answerError: "Aquesta resposta va acabar amb un error.",
  forkHint: "Continua on acaba aquesta conversa, en un xat teu.",
  fork: "Continua aquest xat",
  signInHint: "Inicia la sessió per continuar aquesta conversa en un xat teu.",
  signIn: "Inicia la sessió per continuar",
  messages: (n, plural) => `${n} ${plural === "one" ? "missatge" : "missatges"}`,
  sharedFrom: (product) => `Una conversa compartida des de ${product}.`,
  footer:
    "Còpia d’una conversa que el seu autor va decidir compartir, tal com era aleshores. Les respostes les escriuen models d’IA i poden ser errònies.",
  notAvailableTitle: "No disponible",
  notAvailable: "Aquesta conversa no està disponible",
  linkWrong: "Potser l’enllaç és incorrecte, o el seu autor ha deixat de compartir-la.",
  pageNotFound: (path) => `No s'ha trobat la pàgina: ${path}`,
  backHome: "Torna a l'inici",
  discover: (product) => `Descobreix ${product}`,
};

const ro: PageText = {
  sharedConversation: "Conversație distribuită",
  prompt: "Întrebare",
  thinking: "Raționament",
  sources: "Surse",
  imageBy: (model) => `Imagine creată de ${model}`,
  answerError: "Acest răspuns s-a încheiat cu o eroare.",
  forkHint: "Continuă de unde se termină această conversație, într-un chat al tău.",
  fork: "Continuă acest chat",
  signInHint: "Conectează-te pentru a continua această conversație într-un chat al tău.",
  signIn: "Conectează-te pentru a continua",
  messages: (n, plural) => `${n} ${plural === "one" ? "mesaj" : plural === "few" ? "mesaje" : "de mesaje"}`,
  sharedFrom: (product) => `O conversație distribuită din ${product}.`,
  footer:
    "Copia unei conversații pe care autorul a ales să o distribuie, așa cum era atunci. Răspunsurile sunt scrise de modele AI și pot fi greșite.",
  notAvailableTitle: "Indisponibil",
  notAvailable: "Această conversație nu este disponibilă",
  linkWrong: "Linkul poate fi greșit sau autorul a încetat să o distribuie.",
  pageNotFound: (path) => `Pagina nu a fost găsită: ${path}`,
  backHome: "Înapoi la pagina principală",
  discover: (product) => `Descoperă ${product}`,
};

export const PAGE_TEXT: Record<Locale, PageText> = { en, fr, it, es, de, pt, pl, ca, ro };
