#!/usr/bin/env node
// A local HTTP proxy that adds the two headers making a page cross-origin isolated
// (Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Embedder-Policy: require-corp) to every
// response it forwards. The engine bench's Chromium goes through it (chromium-precise.sh with
// COI_PROXY=port), because only an isolated page gets performance.now() in 5 µs steps; any other
// page gets 100 µs steps, coarser than the figures measured. The harness's server is left as it is.
// Run as a script it prints the port it listens on, then serves until killed; run.mjs and
// profile.mjs start it with startCoiProxy() (a child process: they wait on the harness synchronously).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

/** Starts the proxy in a child process: resolves to { port, stop() }. */
export function startCoiProxy() {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], { stdio: ['ignore', 'pipe', 'inherit'] });
    // It never outlives its parent, and never keeps it alive.
    process.on('exit', () => child.kill());
    child.unref();
    return new Promise((resolve, reject) => {
        child.on('error', reject);
        child.on('exit', (code) => reject(new Error(`coi-proxy.mjs exited (${code}) before it listened`)));
        child.stdout.once('data', (d) => {
            child.stdout.unref?.();
            resolve({ port: Number(String(d).trim()), stop: () => child.kill() });
        });
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) serve();

function serve() {
    const server = http.createServer((req, res) => {
        let url;
        try { url = new URL(req.url); } catch { res.writeHead(400); res.end(); return; }
        // Only the local harness: anything else (Chromium's own background requests) is refused.
        if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') { res.writeHead(403); res.end(); return; }
        const up = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: req.method, headers: req.headers }, (r) => {
            res.writeHead(r.statusCode ?? 502, { ...r.headers, 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' });
            r.pipe(res);
        });
        up.on('error', () => { if (!res.headersSent) res.writeHead(502); res.end(); });
        req.pipe(up);
    });
    server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
}
