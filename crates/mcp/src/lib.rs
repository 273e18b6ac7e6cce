//! The MCP gateway, begun: what does not need a running server.
//!
//! - [`config`]: `$HIVEGATE_HOME/.mcp.json` in the `mcpServers` format that
//!   Claude Desktop and Cursor write (command, args, env; or url, headers),
//!   with duplicate names refused, and the (mtime, sha256) signature and
//!   added / removed / changed diff that hot reload uses.
//! - [`annotations`]: readOnlyHint / destructiveHint → whether a call needs
//!   a human at each autonomy level (spec defaults when absent).
//! - [`names`]: `mcp_<server>_<tool>` names through a lookup table, never by
//!   splitting on `_`; a colliding name is refused.
//!
//! The rmcp runtime (stdio and streamable HTTP upstreams, hivegate as an MCP
//! server) is not here yet.

pub mod annotations;
pub mod config;
pub mod names;
