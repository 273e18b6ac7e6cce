//! The curated MCP server catalog (§12): a static directory of real MCP
//! servers that `find_connector` searches and a console browses. It is
//! shipped as data (`data/mcp-catalog.json`) and checked when loaded: a
//! category outside [`MCP_CATEGORIES`], a colliding normalised id or a
//! repeated repo URL is an error.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use crate::CatalogError;

/// The fourteen categories, in display order.
pub const MCP_CATEGORIES: [&str; 14] = [
    "Database",
    "Files",
    "Web",
    "Code",
    "Communication",
    "Productivity",
    "Analytics",
    "Cloud",
    "DevTools",
    "Business",
    "AI & ML",
    "Security",
    "Media",
    "Utilities",
];

/// One emoji per category, for compact listings.
pub const CATEGORY_EMOJI: [(&str, &str); 14] = [
    ("Database", "🗄️"),
    ("Files", "📁"),
    ("Web", "🌐"),
    ("Code", "💻"),
    ("Communication", "💬"),
    ("Productivity", "📋"),
    ("Analytics", "📊"),
    ("Cloud", "☁️"),
    ("DevTools", "🛠️"),
    ("Business", "💼"),
    ("AI & ML", "🤖"),
    ("Security", "🔒"),
    ("Media", "🎨"),
    ("Utilities", "🔧"),
];

/// The emoji of a category (`None` for an unknown one).
pub fn category_emoji(category: &str) -> Option<&'static str> {
    CATEGORY_EMOJI
        .iter()
        .find(|(c, _)| *c == category)
        .map(|(_, e)| *e)
}

/// One catalog entry (`McpServer`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct McpServer {
    pub id: String,
    pub name: String,
    pub description: String,
    pub author: String,
    pub category: String,
    /// The repository.
    pub url: String,
    pub install_cmd: String,
    pub capabilities: Vec<String>,
    #[serde(default)]
    pub official: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo: Option<String>,
}

const BUILTIN: &str = include_str!("../data/mcp-catalog.json");

/// `normalizeMcpId`: one spelling per server, so "GitHub", "github-mcp",
/// "mcp-server-github" and "@modelcontextprotocol/server-github" all
/// become `github`. Use it to match names from external lists.
pub fn normalize_mcp_id(raw: &str) -> String {
    let lower = raw.trim().to_lowercase();
    // An npm scope names the publisher, not the server.
    let unscoped = match lower.strip_prefix('@').and_then(|s| s.split_once('/')) {
        Some((_, rest)) => rest.to_owned(),
        None => lower,
    };
    let mut s: String = unscoped
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    while s.contains("--") {
        s = s.replace("--", "-");
    }
    let mut s = s.trim_matches('-').to_owned();
    loop {
        let before = s.len();
        for prefix in ["mcp-server-", "server-mcp-", "mcp-", "server-"] {
            if let Some(rest) = s.strip_prefix(prefix)
                && !rest.is_empty()
            {
                s = rest.to_owned();
            }
        }
        for suffix in ["-mcp-server", "-server-mcp", "-mcp", "-server"] {
            if let Some(rest) = s.strip_suffix(suffix)
                && !rest.is_empty()
            {
                s = rest.to_owned();
            }
        }
        if s.len() == before {
            return s;
        }
    }
}

/// The loaded, checked catalog.
#[derive(Debug, Clone)]
pub struct McpCatalog {
    pub servers: Vec<McpServer>,
}

impl McpCatalog {
    /// The catalog shipped with hivegate.
    pub fn builtin() -> Result<McpCatalog, CatalogError> {
        McpCatalog::from_json(BUILTIN)
    }

    pub fn from_json(text: &str) -> Result<McpCatalog, CatalogError> {
        let servers: Vec<McpServer> = serde_json::from_str(text)
            .map_err(|e| CatalogError::Data(format!("MCP catalog: {e}")))?;
        assert_catalog_unique(&servers)?;
        for s in &servers {
            if !MCP_CATEGORIES.contains(&s.category.as_str()) {
                return Err(CatalogError::Data(format!(
                    "MCP catalog: {} has unknown category {:?}",
                    s.id, s.category
                )));
            }
            if s.name.trim().is_empty()
                || s.description.trim().is_empty()
                || s.install_cmd.trim().is_empty()
            {
                return Err(CatalogError::Data(format!(
                    "MCP catalog: {} lacks a name, description or install command",
                    s.id
                )));
            }
            if !s.url.starts_with("https://") {
                return Err(CatalogError::Data(format!(
                    "MCP catalog: {} has a repo url that is not https",
                    s.id
                )));
            }
        }
        Ok(McpCatalog { servers })
    }
}

/// `assertCatalogUnique`: no two entries share a normalised id or a repo
/// URL (compared without case or a trailing slash).
pub fn assert_catalog_unique(servers: &[McpServer]) -> Result<(), CatalogError> {
    let mut ids = HashSet::new();
    let mut urls = HashSet::new();
    for s in servers {
        let id = normalize_mcp_id(&s.id);
        if !ids.insert(id.clone()) {
            return Err(CatalogError::Data(format!(
                "MCP catalog: normalised id `{id}` appears twice (at {})",
                s.id
            )));
        }
        let url = s.url.trim_end_matches('/').to_lowercase();
        if !urls.insert(url.clone()) {
            return Err(CatalogError::Data(format!(
                "MCP catalog: repo url {url} appears twice (at {})",
                s.id
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_passes_the_seed_examples() {
        for raw in [
            "GitHub",
            "github-mcp",
            "mcp-server-github",
            "@modelcontextprotocol/server-github",
            "github_mcp_server",
            " GitHub MCP ",
        ] {
            assert_eq!(normalize_mcp_id(raw), "github", "{raw}");
        }
        assert_eq!(normalize_mcp_id("Google Calendar"), "google-calendar");
        assert_eq!(normalize_mcp_id("mcp"), "mcp");
        assert_eq!(normalize_mcp_id("@scope/"), "");
    }

    #[test]
    fn emoji_for_every_category() {
        for c in MCP_CATEGORIES {
            assert!(category_emoji(c).is_some(), "{c}");
        }
        assert_eq!(category_emoji("Nope"), None);
    }
}
