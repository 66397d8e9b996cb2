// Ready-to-run calls of the public API with a new key: curl and the official openai SDKs.

export interface ApiSnippet {
  id: "curl" | "python" | "javascript";
  code: string;
}

/** The snippets shown with a new key, for this site's base URL (e.g. https://example.com/api/v1). */
export function apiSnippets(baseUrl: string, key: string, model: string): ApiSnippet[] {
  const question = "Say hello in three languages.";
  return [
    {
      id: "curl",
      code: [
        `curl ${baseUrl}/chat/completions \\`,
        `  -H "Authorization: Bearer ${key}" \\`,
        `  -H "Content-Type: application/json" \\`,
        `  -d '${JSON.stringify({ model, messages: [{ role: "user", content: question }] })}'`,
      ].join("\n"),
    },
    {
      id: "python",
      code: [
        "from openai import OpenAI",
        "",
        `client = OpenAI(base_url="${baseUrl}", api_key="${key}")`,
        "answer = client.chat.completions.create(",
        `    model="${model}",`,
        `    messages=[{"role": "user", "content": "${question}"}],`,
        ")",
        "print(answer.choices[0].message.content)",
      ].join("\n"),
    },
    {
      id: "javascript",
      code: [
        'import OpenAI from "openai";',
        "",
        `const client = new OpenAI({ baseURL: "${baseUrl}", apiKey: "${key}" });`,
        "const answer = await client.chat.completions.create({",
        `  model: "${model}",`,
        `  messages: [{ role: "user", content: "${question}" }],`,
        "});",
        "console.log(answer.choices[0].message.content);",
      ].join("\n"),
    },
  ];
}
