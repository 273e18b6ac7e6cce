//! `find_connector` and `list_connector_categories` (§4): search the MCP
//! catalog offline, with the same rankers as acquisition.

use serde::Serialize;

use crate::mcp_catalog::{MCP_CATEGORIES, McpCatalog, category_emoji};
use crate::retrieval::hybrid::{Hybrid, Scored};
use crate::retrieval::keyword::{extract_keywords, score_match};
use crate::retrieval::{Doc, top_k};

pub const DEFAULT_LIMIT: usize = 10;
pub const MAX_LIMIT: usize = 30;
/// The lowest `matchScore` reported as a match.
pub const MIN_MATCH: f64 = 0.1;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConnectorMatch {
    pub id: String,
    pub name: String,
    pub category: String,
    pub description: String,
    pub capabilities: Vec<String>,
    pub install_cmd: String,
    pub url: String,
    pub official: bool,
    pub match_score: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FindConnectorResult {
    pub query: String,
    pub catalog_size: usize,
    pub match_count: usize,
    pub matches: Vec<ConnectorMatch>,
    pub offline_capable: bool,
    pub ranking: String,
}

/// The catalog's documents, for building its [`Hybrid`] ranker.
pub fn catalog_docs(catalog: &McpCatalog) -> Vec<Doc> {
    catalog
        .servers
        .iter()
        .map(|s| Doc {
            id: s.id.clone(),
            text: format!(
                "{}: {} Category {}. Capabilities: {}.",
                s.name,
                s.description,
                s.category,
                s.capabilities.join(", ")
            ),
        })
        .collect()
}

/// `find_connector(query, limit?, category?)`. `ranker` is built over
/// [`catalog_docs`] of the same catalog.
pub fn find_connector(
    catalog: &McpCatalog,
    ranker: &Hybrid,
    query: &str,
    limit: Option<usize>,
    category: Option<&str>,
) -> FindConnectorResult {
    let limit = limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
    let (query, _) = crate::acquisition::cap_need(query);
    let keywords = extract_keywords(&query);
    let Scored {
        fused,
        cosines,
        error,
        ..
    } = ranker.score(&query);
    let mut matches = Vec::new();
    for i in top_k(&fused, fused.len()) {
        let s = &catalog.servers[i];
        if category.is_some_and(|c| !s.category.eq_ignore_ascii_case(c)) {
            continue;
        }
        let text = format!(
            "{} {} {}",
            s.description,
            s.category,
            s.capabilities.join(" ")
        );
        let kw = score_match(&keywords, &s.name, &text);
        let cos = cosines.as_ref().map_or(0.0, |c| c[i]);
        let score = kw.max(cos).min(1.0);
        if score < MIN_MATCH {
            continue;
        }
        matches.push(ConnectorMatch {
            id: s.id.clone(),
            name: s.name.clone(),
            category: s.category.clone(),
            description: s.description.clone(),
            capabilities: s.capabilities.clone(),
            install_cmd: s.install_cmd.clone(),
            url: s.url.clone(),
            official: s.official,
            match_score: (score * 1000.0).round() / 1000.0,
        });
    }
    let match_count = matches.len();
    matches.truncate(limit);
    FindConnectorResult {
        query,
        catalog_size: catalog.servers.len(),
        match_count,
        matches,
        offline_capable: true,
        ranking: ranker.ranking_label(error.as_ref()),
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CategoryCount {
    pub category: &'static str,
    pub emoji: &'static str,
    pub servers: usize,
}

/// `list_connector_categories`: every category with its server count.
pub fn list_connector_categories(catalog: &McpCatalog) -> Vec<CategoryCount> {
    MCP_CATEGORIES
        .iter()
        .map(|c| CategoryCount {
            category: c,
            emoji: category_emoji(c).unwrap_or(""),
            servers: catalog.servers.iter().filter(|s| s.category == *c).count(),
        })
        .collect()
}
