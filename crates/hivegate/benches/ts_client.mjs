// The echo throughput seen by the MCP TypeScript SDK's own client, which
// Node-based hosts use: it starts the server with Node's child_process
// (socket pairs for stdio, not pipes), as those hosts do.
//
// node ts_client.mjs NODE_MODULES TOOL CALLS CONCURRENCY COMMAND [ARGS...]
// prints one JSON line: {"rate": calls per second, "errors": n}.
const [, , modules, tool, calls, concurrency, command, ...args] = process.argv;
const sdk = `${modules}/@modelcontextprotocol/sdk/dist/esm/client`;
const { Client } = await import(`${sdk}/index.js`);
const { StdioClientTransport } = await import(`${sdk}/stdio.js`);

const client = new Client({ name: "hivegate-bench", version: "1" });
await client.connect(new StdioClientTransport({ command, args, stderr: "ignore" }));

// Every call's message differs from the last (a call repeated in a row is
// stopped), across the warm-up too.
let sent = 0;
let started = 0;
let errors = 0;
async function run(total) {
  const worker = async () => {
    // A worker claims a call before making it: exactly `total` are made.
    while (started < total) {
      started++;
      const r = await client.callTool({ name: tool, arguments: { message: `m${sent++}` } });
      if (r.isError) errors++;
    }
  };
  await Promise.all(Array.from({ length: Number(concurrency) }, worker));
}

await run(Number(calls) / 4); // warm-up
started = 0;
errors = 0;
const start = process.hrtime.bigint();
await run(Number(calls));
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
console.log(JSON.stringify({ rate: Number(calls) / seconds, errors }));
await client.close();
