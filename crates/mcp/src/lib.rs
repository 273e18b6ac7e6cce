//! The MCP gateway.
//!
//! - [`config`]: `$HIVEGATE_HOME/.mcp.json` in the `mcpServers` format that
//!   Claude Desktop and Cursor write, with duplicate names refused, and the
//!   (mtime, sha256) signature and added / removed / changed diff that hot
//!   reload uses.
//! - [`names`]: `mcp_<server>_<tool>` names through a lookup table, never by
//!   splitting on `_`; a colliding name is refused.
//! - [`upstream`]: one rmcp client connection (stdio child or streamable
//!   HTTP), with time limits and a result cap.
//! - [`relay`]: an upstream's elicitation requests, passed to the agent's
//!   client for the one call they can belong to.
//! - [`runtime`]: every configured server: register, start, stop, restart,
//!   health, reload, and calls routed by exposed name.
//! - [`gateway`]: hivegate as an MCP server; every call through the gate.
//! - [`fast`] and [`raw_call`]: a gated `tools/call` that needs no human,
//!   carried between stdio ends as bytes, past rmcp.
//! - [`retrieval`]: which upstream tools a conversation is shown.

pub mod child;
pub mod config;
pub mod fast;
pub mod gateway;
pub mod lines;
pub mod lru;
pub mod names;
pub mod raw_call;
pub mod relay;
pub mod retrieval;
pub mod runtime;
pub mod upstream;
