//! The capability model and discovery: what could do this?
//!
//! - Data shipped with hivegate: the MCP server catalog ([`mcp_catalog`]),
//!   connector specs ([`connectors`]), native tool hints ([`native`]), the
//!   starter skill pack ([`skills`]) and subagent roles ([`roles`]).
//! - [`router`]: `CapabilityRouter::resolve`, where a capability could come from.
//! - [`acquisition`]: `search_capabilities`, what to install for a need.
//! - [`pick`]: agent-pick, one connector + one skill + one tool, each with a why.
//! - [`find`]: `find_connector` and `list_connector_categories`.
//! - [`retrieval`]: the rankers (keyword, BM25, embeddings, hybrid) and
//!   their evaluation on public sets.
//!
//! Architecture invariant: no IO beyond reading the data compiled into the
//! binary; callers load anything else (installed skills, marketplace rows,
//! model files) and pass it in.

pub mod acquisition;
pub mod connectors;
pub mod find;
pub mod framing;
pub mod marker;
pub mod mcp_catalog;
pub mod native;
pub mod need;
pub mod pick;
pub mod retrieval;
pub mod roles;
pub mod router;
pub mod ruled_out;
pub mod skills;

/// Shipped or supplied catalog data that does not hold together.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error("{0}")]
    Data(String),
}
