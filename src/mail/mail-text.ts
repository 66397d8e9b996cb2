// The words of our mails in each interface language (SPEC §1, §9): the language the reader used the app in.
import type { Locale } from "../domain/locales";

export interface MailWords {
  subject: string;
  /** Paragraphs; the mail puts a blank line after the first. */
  lines: string[];
}

export interface MailText {
  verification(code: string, minutes: number): MailWords;
  signUpNotice(): MailWords;
  passwordReset(code: string, minutes: number): MailWords;
  teamInvitation(adminEmail: string, days: number): MailWords & { linkIntro: string };
}

const P = "Switchboard";

/** Romanian puts "de" between a number and its noun from 20 on (and for 0): "15 minute", "20 de minute". */
const roCount = (n: number, noun: string) =>
  n % 100 === 0 || n % 100 >= 20 ? `${n} de ${noun}` : `${n} ${noun}`;

const en: MailText = {
  verification: (code, minutes) => ({
    subject: `Your ${P} code: ${code}`,
    lines: [
      `Your ${P} verification code is ${code}.`,
      `Enter it on the verification page within ${minutes} minutes to confirm your email address.`,
      `If you did not create a ${P} account, you can ignore this message.`,
    ],
  }),
  signUpNotice: () => ({
    subject: `Someone tried to sign up to ${P} with your address`,
    lines: [
      `Someone just tried to create a ${P} account with this email address, which already has one.`,
      "If it was you: sign in instead, or reset your password if you forgot it.",
      "If it was not you: nothing changed, and nobody can use your account without your password.",
    ],
  }),
  passwordReset: (code, minutes) => ({
    subject: `Your ${P} password reset code: ${code}`,
    lines: [
      `Your ${P} password reset code is ${code}.`,
      `Enter it on the sign-in page within ${minutes} minutes to choose a new password. Every device signed in to your account will be signed out.`,
      "If you did not ask for it, you can ignore this message: your password stays as it is.",
    ],
  }),
  teamInvitation: (admin, days) => ({
    subject: `${admin} invites you to their ${P} team`,
    lines: [
      `${admin} invites you to join their team on ${P} and share its plan.`,
      "Opening it from this mailbox confirms your address. If you were not expecting it, ignore this message.",
    ],
    linkIntro: `Open this link to join (it works once, for ${days} days):`,
  }),
};

const fr: MailText = {
  verification: (code, minutes) => ({
    subject: `Votre code ${P} : ${code}`,
    lines: [
      `Votre code de vérification ${P} est ${code}.`,
      `Saisissez-le sur la page de vérification dans les ${minutes} minutes pour confirmer votre adresse e-mail.`,
      `Si vous n’avez pas créé de compte ${P}, vous pouvez ignorer ce message.`,
    ],
  }),
  signUpNotice: () => ({
    subject: `Quelqu’un a essayé de s’inscrire à ${P} avec votre adresse`,
    lines: [
      `Quelqu’un vient d’essayer de créer un compte ${P} avec cette adresse e-mail, qui en a déjà un.`,
      "Si c’était vous : connectez-vous plutôt, ou réinitialisez votre mot de passe si vous l’avez oublié.",
      "Si ce n’était pas vous : rien n’a changé, et personne ne peut utiliser votre compte sans votre mot de passe.",
    ],
  }),
  passwordReset: (code, minutes) => ({
    subject: `Votre code de réinitialisation ${P} : ${code}`,
    lines: [
      `Votre code de réinitialisation du mot de passe ${P} est ${code}.`,
      `Saisissez-le sur la page de connexion dans les ${minutes} minutes pour choisir un nouveau mot de passe. Tous les appareils connectés à votre compte seront déconnectés.`,
      "Si vous ne l’avez pas demandé, ignorez ce message : votre mot de passe reste inchangé.",
    ],
  }),
  teamInvitation: (admin, days) => ({
    subject: `${admin} vous invite dans son équipe ${P}`,
    lines: [
      `${admin} vous invite à rejoindre son équipe sur ${P} et à partager son offre.`,
      "L’ouvrir depuis cette boîte mail confirme votre adresse. Si vous ne l’attendiez pas, ignorez ce message.",
    ],
    linkIntro: `Ouvrez ce lien pour rejoindre l’équipe (il fonctionne une fois, pendant ${days} jours) :`,
  }),
};

const it: MailText = {
  verification: (code, minutes) => ({
    subject: `Il tuo codice ${P}: ${code}`,
    lines: [
      `Il tuo codice di verifica ${P} è ${code}.`,
      `Inseriscilo nella pagina di verifica entro ${minutes} minuti per confermare il tuo indirizzo email.`,
      `Se non hai creato un account ${P}, puoi ignorare questo messaggio.`,
    ],
  }),
  signUpNotice: () => ({
    subject: `Qualcuno ha provato a registrarsi a ${P} con il tuo indirizzo`,
    lines: [
      `Qualcuno ha appena provato a creare un account ${P} con questo indirizzo email, che ne ha già uno.`,
      "Se sei stato tu: accedi invece, oppure reimposta la password se l’hai dimenticata.",
      "Se non sei stato tu: non è cambiato nulla, e nessuno può usare il tuo account senza la tua password.",
    ],
  }),
  passwordReset: (code, minutes) => ({
    subject: `Il tuo codice per reimpostare la password di ${P}: ${code}`,
    lines: [
      `Il tuo codice per reimpostare la password di ${P} è ${code}.`,
      `Inseriscilo nella pagina di accesso entro ${minutes} minuti per scegliere una nuova password. Tutti i dispositivi collegati al tuo account verranno disconnessi.`,
      "Se non l’hai chiesto, puoi ignorare questo messaggio: la tua password resta invariata.",
    ],
  }),
  teamInvitation: (admin, days) => ({
    subject: `${admin} ti invita nel suo team ${P}`,
    lines: [
      `${admin} ti invita a unirti al suo team su ${P} e a condividerne il piano.`,
      "Aprirlo da questa casella conferma il tuo indirizzo. Se non te lo aspettavi, ignora questo messaggio.",
    ],
    linkIntro: `Apri questo link per unirti (funziona una volta, per ${days} giorni):`,
  }),
};

const es: MailText = {
  verification: (code, minutes) => ({
    subject: `Tu código de ${P}: ${code}`,
    lines: [
      `Tu código de verificación de ${P} es ${code}.`,
      `Introdúcelo en la página de verificación en los próximos ${minutes} minutos para confirmar tu dirección de correo.`,
      `Si no has creado una cuenta de ${P}, puedes ignorar este mensaje.`,
    ],
  }),
  signUpNotice: () => ({
    subject: `Alguien intentó registrarse en ${P} con tu dirección`,
    lines: [
      `Alguien acaba de intentar crear una cuenta de ${P} con esta dirección de correo, que ya tiene una.`,
      "Si fuiste tú: inicia sesión, o restablece tu contraseña si la olvidaste.",
      "Si no fuiste tú: no ha cambiado nada, y nadie puede usar tu cuenta sin tu contraseña.",
    ],
  }),
  passwordReset: (code, minutes) => ({
    subject: `Tu código para restablecer la contraseña de ${P}: ${code}`,
    lines: [
      `Tu código para restablecer la contraseña de ${P} es ${code}.`,
      `Introdúcelo en la página de inicio de sesión en los próximos ${minutes} minutos para elegir una contraseña nueva. Se cerrará la sesión en todos los dispositivos conectados a tu cuenta.`,
      "Si no lo pediste, puedes ignorar este mensaje: tu contraseña no cambia.",
    ],
  }),
  teamInvitation: (admin, days) => ({
    subject: `${admin} te invita a su equipo de ${P}`,
    lines: [
      `${admin} te invita a unirte a su equipo en ${P} y compartir su plan.`,
      "Abrirlo desde este buzón confirma tu dirección. Si no lo esperabas, ignora este mensaje.",
    ],
    linkIntro: `Abre este enlace para unirte (funciona una vez, durante ${days} días):`,
  }),
};

const de: MailText = {
  verification: (code, minutes) => ({
    subject: `Dein ${P}-Code: ${code}`,
    lines: [
      `Dein ${P}-Bestätigungscode lautet ${code}.`,
      `Gib ihn innerhalb von ${minutes} Minuten auf der Bestätigungsseite ein, um deine E-Mail-Adresse zu bestätigen.`,
      `Wenn du kein ${P}-Konto erstellt hast, kannst du diese Nachricht ignorieren.`,
    ],
  }),
  signUpNotice: () => ({
    subject: `Jemand wollte sich mit deiner Adresse bei ${P} registrieren`,
    lines: [
      `Jemand hat gerade versucht, mit dieser E-Mail-Adresse ein ${P}-Konto zu erstellen, obwohl es schon eines gibt.`,
      "Warst du es: Melde dich stattdessen an, oder setze dein Passwort zurück, wenn du es vergessen hast.",
      "Warst du es nicht: Es hat sich nichts geändert, und ohne dein Passwort kann niemand dein Konto nutzen.",
    ],
  }),
  passwordReset: (code, minutes) => ({
    subject: `Dein Code zum Zurücksetzen des ${P}-Passworts: ${code}`,
    lines: [
      `Dein Code zum Zurücksetzen des ${P}-Passworts lautet ${code}.`,
      `Gib ihn innerhalb von ${minutes} Minuten auf der Anmeldeseite ein, um ein neues Passwort zu wählen. Alle mit deinem Konto angemeldeten Geräte werden abgemeldet.`,
      "Wenn du ihn nicht angefordert hast, ignoriere diese Nachricht: Dein Passwort bleibt, wie es ist.",
    ],
  }),
  teamInvitation: (admin, days) => ({
    subject: `${admin} lädt dich in sein ${P}-Team ein`,
    lines: [
      `${admin} lädt dich ein, seinem Team bei ${P} beizutreten und den Tarif zu teilen.`,
      "Wenn du ihn aus diesem Postfach öffnest, ist deine Adresse bestätigt. Wenn du das nicht erwartet hast, ignoriere diese Nachricht.",
    ],
    linkIntro: `Öffne diesen Link, um beizutreten (er funktioniert einmal, ${days} Tage lang):`,
  }),
};

const pt: MailText = {
  verification: (code, minutes) => ({
    subject: `Seu código ${P}: ${code}`,
    lines: [
      `Seu código de verificação ${P} é ${code}.`,
      `Digite-o na página de verificação em até ${minutes} minutos para confirmar seu endereço de e-mail.`,
      `Se você não criou uma conta ${P}, pode ignorar esta mensagem.`,
    ],
  }),
  signUpNotice: () => ({
    subject: `Alguém tentou se registrar no ${P} com seu endereço`,
    lines: [
      `Alguém acabou de tentar criar uma conta ${P} com este endereço de e-mail, que já tem uma.`,
      "Se foi você: entre na sua conta, ou redefina sua senha se você a esqueceu.",
      "Se não foi você: nada mudou, e ninguém pode usar sua conta sem sua senha.",
    ],
  }),
  passwordReset: (code, minutes) => ({
    subject: `Seu código para redefinir a senha do ${P}: ${code}`,
    lines: [
      `Seu código para redefinir a senha do ${P} é ${code}.`,
      `Digite-o na página de login em até ${minutes} minutos para escolher uma nova senha. Todos os dispositivos conectados à sua conta serão desconectados.`,
      "Se você não o pediu, pode ignorar esta mensagem: sua senha continua a mesma.",
    ],
  }),
  teamInvitation: (admin, days) => ({
    subject: `${admin} convida você para uma equipe no ${P}`,
    lines: [
      `${admin} convida você a entrar na equipe no ${P} e a compartilhar o plano dela.`,
      "Abrir o link a partir desta caixa de entrada confirma seu endereço. Se você não esperava este convite, ignore esta mensagem.",
    ],
    linkIntro: `Abra este link para entrar (funciona uma vez, por ${days} dias):`,
  }),
};

const pl: MailText = {
  verification: (code, minutes) => ({
    subject: `Twój kod ${P}: ${code}`,
    lines: [
      `Twój kod weryfikacyjny ${P} to ${code}.`,
      `Wpisz go na stronie weryfikacji w ciągu ${minutes} minut, aby potwierdzić swój adres e-mail.`,
      `Jeśli nie zakładałeś konta ${P}, możesz zignorować tę wiadomość.`,
    ],
  }),
  signUpNotice: () => ({
    subject: `Ktoś próbował zarejestrować się w ${P} z Twoim adresem`,
    lines: [
      `Ktoś właśnie próbował założyć konto ${P} z tym adresem e-mail, który ma już konto.`,
      "Jeśli to Ty: zaloguj się albo zresetuj hasło, jeśli go nie pamiętasz.",
      "Jeśli to nie Ty: nic się nie zmieniło i nikt nie może używać Twojego konta bez Twojego hasła.",
    ],
  }),
  passwordReset: (code, minutes) => ({
    subject: `Twój kod do resetowania hasła ${P}: ${code}`,
    lines: [
      `Twój kod do resetowania hasła ${P} to ${code}.`,
      `Wpisz go na stronie logowania w ciągu ${minutes} minut, aby ustawić nowe hasło. Wszystkie urządzenia zalogowane na Twoje konto zostaną wylogowane.`,
      "Jeśli o to nie prosiłeś, zignoruj tę wiadomość: Twoje hasło się nie zmieni.",
    ],
  }),
  teamInvitation: (admin, days) => ({
    subject: `${admin} zaprasza Cię do swojego zespołu w ${P}`,
    lines: [
      `${admin} zaprasza Cię do swojego zespołu w ${P} i do korzystania z jego planu.`,
      "Otwarcie linku z tej skrzynki potwierdza Twój adres. Jeśli się tego nie spodziewałeś, zignoruj tę wiadomość.",
    ],
    linkIntro: `Otwórz ten link, aby dołączyć (działa raz, przez ${days} dni):`,
  }),
};

const ca: MailText = {
  verification: (code, minutes) => ({
    subject: `El teu codi de ${P}: ${code}`,
    lines: [
      `El teu codi de verificació de ${P} és ${code}.`,
      `Introdueix-lo a la pàgina de verificació en ${minutes} minuts per confirmar la teva adreça electrònica.`,
      `Si no has creat cap compte de ${P}, pots ignorar aquest missatge.`,
    ],
  }),
  signUpNotice: () => ({
    subject: `Algú ha intentat registrar-se a ${P} amb la teva adreça`,
    lines: [
      `Algú acaba d’intentar crear un compte de ${P} amb aquesta adreça electrònica, que ja en té un.`,
      "Si has estat tu: inicia la sessió, o restableix la contrasenya si l’has oblidada.",
      "Si no has estat tu: no ha canviat res, i ningú no pot fer servir el teu compte sense la teva contrasenya.",
    ],
  }),
  passwordReset: (code, minutes) => ({
    subject: `El teu codi per restablir la contrasenya de ${P}: ${code}`,
    lines: [
      `El teu codi per restablir la contrasenya de ${P} és ${code}.`,
      `Introdueix-lo a la pàgina d’inici de sessió en ${minutes} minuts per triar una contrasenya nova. Es tancarà la sessió a tots els dispositius connectats al teu compte.`,
      "Si no l’has demanat, pots ignorar aquest missatge: la contrasenya no canvia.",
    ],
  }),
  teamInvitation: (admin, days) => ({
    subject: `${admin} et convida al seu equip de ${P}`,
    lines: [
      `${admin} et convida a unir-te al seu equip a ${P} i a compartir-ne el pla.`,
      "Obrir-lo des d’aquesta bústia confirma la teva adreça. Si no t’ho esperaves, ignora aquest missatge.",
    ],
    linkIntro: `Obre aquest enllaç per unir-t’hi (funciona una vegada, durant ${days} dies):`,
  }),
};

const ro: MailText = {
  verification: (code, minutes) => ({
    subject: `Codul tău ${P}: ${code}`,
    lines: [
      `Codul tău de verificare ${P} este ${code}.`,
      `Introdu-l pe pagina de verificare în ${roCount(minutes, "minute")} pentru a-ți confirma adresa de e-mail.`,
      `Dacă nu ai creat un cont ${P}, poți ignora acest mesaj.`,
    ],
  }),
  signUpNotice: () => ({
    subject: `Cineva a încercat să se înregistreze la ${P} cu adresa ta`,
    lines: [
      `Cineva tocmai a încercat să creeze un cont ${P} cu această adresă de e-mail, care are deja unul.`,
      "Dacă ai fost tu: conectează-te, sau resetează-ți parola dacă ai uitat-o.",
      "Dacă nu ai fost tu: nu s-a schimbat nimic și nimeni nu îți poate folosi contul fără parola ta.",
    ],
  }),
  passwordReset: (code, minutes) => ({
    subject: `Codul tău de resetare a parolei ${P}: ${code}`,
    lines: [
      `Codul tău de resetare a parolei ${P} este ${code}.`,
      `Introdu-l pe pagina de conectare în ${roCount(minutes, "minute")} pentru a alege o parolă nouă. Toate dispozitivele conectate la contul tău vor fi deconectate.`,
      "Dacă nu l-ai cerut, poți ignora acest mesaj: parola ta rămâne aceeași.",
    ],
  }),
  teamInvitation: (admin, days) => ({
    subject: `${admin} te invită în echipa sa ${P}`,
    lines: [
      `${admin} te invită să te alături echipei sale pe ${P} și să împărtășiți abonamentul.`,
      "Deschiderea lui din această căsuță îți confirmă adresa. Dacă nu te așteptai la el, ignoră acest mesaj.",
    ],
    linkIntro: `Deschide acest link pentru a te alătura (funcționează o dată, timp de ${roCount(days, "zile")}):`,
  }),
};

export const MAIL_TEXT: Record<Locale, MailText> = { en, fr, it, es, de, pt, pl, ca, ro };
