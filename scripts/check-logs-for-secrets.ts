// After an e2e run: no server's log may hold a secret the run typed or was given (npm run check:log-secrets).
// Reads data/e2e-*/server.log and jobs-server.log (playwright.config.ts writes them) or the files named.
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD } from '../demo/seed';

// what the e2e suite types or receives: the demo accounts' password, the PAN of its 80G gifts
const TYPED_SECRETS = [DEMO_PASSWORD, 'ABCDE1234F'];
// a sealed session (iron-session's seal, the u_auth cookie or a bearer token) in any form
const SEALED_SESSION = /Fe26\.2\*[^\s"]+/;

function logFiles(args: string[]): string[] {
  if (args.length) return args;
  const data = path.join(process.cwd(), 'data');
  if (!fs.existsSync(data)) return [];
  return fs
    .readdirSync(data)
    .filter((d) => d.startsWith('e2e-'))
    .flatMap((d) => ['server.log', 'jobs-server.log'].map((f) => path.join(data, d, f)))
    .filter((f) => fs.existsSync(f));
}

const files = logFiles(process.argv.slice(2));
if (!files.length) {
  console.error('No e2e server logs found (data/e2e-*/server.log): run the e2e suite first.');
  process.exit(2);
}
let found = 0;
for (const file of files) {
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const secret = TYPED_SECRETS.find((s) => line.includes(s)) ?? line.match(SEALED_SESSION)?.[0];
      if (!secret) return;
      found++;
      // the secret itself is not repeated here: where it is is enough
      console.error(`${file}:${i + 1}: a secret (${secret === DEMO_PASSWORD ? 'the demo password' : secret.startsWith('Fe26') ? 'a sealed session' : 'a PAN'}) in a log line`);
    });
}
console.log(found ? `${found} log lines hold secrets.` : `No secrets in ${files.length} server logs.`);
process.exit(found ? 1 : 0);
