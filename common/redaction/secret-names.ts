/**
 * Which names hold secrets: a JSON or object key, an environment variable, a query parameter,
 * a header. One list for every redaction layer: the text rules (`"password":"..."`,
 * `JWT_SECRET=...`, `password: '...'`, `Authorization: ...`), the walk over objects (the
 * desktop's settings, the server logger's merged objects) and the query values of a URL.
 */

/** Words that make a name secret: `password`, `apiSecret`, `SECRETS_KEY`, `x-mbx-apikey`... */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'pass',
  'passcode',
  'secret',
  'secrets',
  'token',
  'tokens',
  'apikey',
  'key',
  'keys',
  'privatekey',
  'mnemonic',
  'seed',
  'phrase',
  'authorization',
  'auth',
  'cookie',
  'cookies',
  'jwt',
  'signature',
  'sig',
  'otp',
  'xpub',
  'xprv',
  'credential',
  'credentials',
  'session',
  'sessionid',
  'bearer',
  'launch',
]);

/**
 * Endings that make one run-together word secret (`csrftoken`, `clientsecret`, `authkey`,
 * `dbpwd` in a query string), where the word split above sees a single unknown word; and any
 * word beginning with 'passw' (`passw0rd`, `passwort`).
 */
const SECRET_ENDINGS = [
  'token',
  'secret',
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'apikey',
  'privkey',
  'privatekey',
  'secretkey',
  'accesskey',
  'authkey',
  'auth',
  'mnemonic',
  'cookie',
  'signature',
  'credential',
  'credentials',
];

/**
 * Names that contain a secret word but hold public figures: the SPEC's balance fields
 * (usdtToken, ifcNewToken...) and the token contracts' addresses (TOKEN_USDT...).
 */
const PUBLIC_NAMES =
  /^(usdtToken|ifcNewToken|ifcNewTokenPrice|usdtRewardToken|TOKEN_(USDT|IFT|IFX)|secretsKeyId|keychain|theme)$/;

/** The words of a name: camelCase, snake_case, kebab-case and dotted names alike. */
function wordsOf(name: string): string[] {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  // Joined pairs catch 'api key' and 'private key' spelt apart.
  return [...words, ...words.slice(1).map((w, i) => words[i] + w)];
}

function judge(name: string): boolean {
  if (PUBLIC_NAMES.test(name)) return false;
  return wordsOf(name).some(
    (word) => SECRET_WORDS.has(word) || word.startsWith('passw') || SECRET_ENDINGS.some((ending) => word.endsWith(ending)),
  );
}

/** Names seen so far: a logger asks about the same few keys on every line. */
const judged = new Map<string, boolean>();
const MAX_REMEMBERED = 2_000;

export function isSecretName(name: string): boolean {
  let secret = judged.get(name);
  if (secret === undefined) {
    secret = judge(name);
    if (judged.size >= MAX_REMEMBERED) judged.clear();
    judged.set(name, secret);
  }
  return secret;
}
