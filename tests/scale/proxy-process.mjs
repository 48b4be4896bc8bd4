// The round-robin proxy as its own process (so it does not share a core with the load generator):
//   node tests/scale/proxy-process.mjs <port> <upstream port>...   prints "ready" when listening.
import { startProxy } from './cluster.mjs';

const [port, ...upstreams] = process.argv.slice(2).map(Number);
const proxy = await startProxy(
  upstreams.map((upstream, i) => ({ name: String.fromCharCode(97 + i), port: upstream })),
  { port },
);
console.log(`ready ${proxy.port}`);
process.on('SIGTERM', () => proxy.close().then(() => process.exit(0)));
