// The ceiling a cached page is measured against: a bare node:http server, in a process of its own, sending one
// captured answer (the same header lines, less each connection's own, and the same bytes) to every request.
import { spawn } from 'node:child_process';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts it on 127.0.0.1:port with the answer's flat [name, value, ...] headers and body; answers the child process. */
export async function startBareServer(port, { headers, body }) {
  const child = spawn(process.execPath, ['-e', `
    const { headers, body } = JSON.parse(process.env.BARE_ANSWER);
    const bytes = Buffer.from(body, 'base64');
    const kept = [];
    for (let i = 0; i < headers.length; i += 2) if (!/^(date|connection|keep-alive|transfer-encoding|content-length)$/i.test(headers[i])) kept.push(headers[i], headers[i + 1]);
    kept.push('content-length', String(bytes.length));
    // the product server's keep-alive, so connections are kept alike
    require('node:http').createServer({ keepAliveTimeout: 65000 }, (req, res) => { res.writeHead(200, kept); res.end(bytes); }).listen(${Number(port)}, '127.0.0.1');
  `], { stdio: 'ignore', env: { ...process.env, BARE_ANSWER: JSON.stringify({ headers, body: Buffer.from(body).toString('base64') }) } });
  await sleep(500);
  return child;
}
