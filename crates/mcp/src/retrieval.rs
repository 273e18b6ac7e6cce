//! Relevance-gated MCP tools (seed 001 #6): an agent is shown the few
//! upstream tools that matter, never hundreds.
//!
//! - Only MCP tools are gated; hivegate's own meta tools are always shown.
//! - At most [`GATE_THRESHOLD`] tools: all of them. Above it, the top
//!   [`TOP_K`] by the discovery issue's fused ranker (keyword + BM25 +
//!   embeddings when a provider runs; BM25 alone otherwise) for the query:
//!   the trailing ≤ [`QUERY_MESSAGES`] user/assistant text messages, or
//!   whatever context the client supplies.
//! - Per conversation, a union-only set, LRU-capped at
//!   [`MAX_CONVERSATIONS`]: a tool shown once stays shown.
//! - Document vectors of the wrong dimension score as no match. Any error
//!   shows nothing new and keeps what was shown.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

use hivegate_catalog::retrieval::Doc;
use hivegate_catalog::retrieval::embedding::EmbeddingRanker;
use hivegate_catalog::retrieval::hybrid::{Hybrid, server_indices};
use hivegate_embed::Embedder;
use hivegate_policy::permissions::PermissionManager;
use serde::{Deserialize, Serialize};

use crate::lru::Lru;
use crate::runtime::ToolIndex;

/// Above this many MCP tools, only the relevant ones are shown.
pub const GATE_THRESHOLD: usize = 20;
/// How many tools one query adds.
pub const TOP_K: usize = 10;
/// Conversations remembered.
pub const MAX_CONVERSATIONS: usize = 200;
/// Trailing messages that make the query.
pub const QUERY_MESSAGES: usize = 5;

/// One message of a conversation, as a client may pass it.
#[derive(Debug, Clone, Deserialize)]
pub struct Message {
    pub role: String,
    #[serde(default)]
    pub content: serde_json::Value,
}

/// Text of the trailing ≤ 5 user/assistant messages; tool calls, tool
/// results and other roles are skipped, as are non-text blocks.
pub fn query_from_messages(messages: &[Message]) -> String {
    let texts: Vec<String> = messages
        .iter()
        .filter(|m| m.role == "user" || m.role == "assistant")
        .filter_map(|m| {
            let t = text_of(&m.content);
            (!t.trim().is_empty()).then_some(t)
        })
        .collect();
    let start = texts.len().saturating_sub(QUERY_MESSAGES);
    texts[start..].join("\n")
}

fn text_of(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Array(blocks) => blocks
            .iter()
            .filter(|b| b.get("type").and_then(|t| t.as_str()) == Some("text"))
            .filter_map(|b| b.get("text").and_then(|t| t.as_str()))
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}

/// What one turn shows.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Selection {
    /// Exposed names shown this turn, in index order.
    pub shown: Vec<String>,
    /// Those shown for the first time in this conversation.
    pub added: Vec<String>,
    /// Whether gating applied (more tools than the threshold).
    pub gated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The ranker over the current tools, built lazily once per index generation.
struct Ranked {
    generation: u64,
    hybrid: Hybrid,
}

/// Chooses the MCP tools each conversation sees.
pub struct ToolSelector {
    embedder: Mutex<Option<Arc<dyn Embedder>>>,
    ranked: Mutex<Option<Arc<Ranked>>>,
    accumulator: Mutex<Lru<BTreeSet<String>>>,
    permissions: Option<Arc<PermissionManager>>,
}

impl std::fmt::Debug for ToolSelector {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ToolSelector")
            .field("semantic", &self.embedder.lock().is_ok_and(|e| e.is_some()))
            .finish_non_exhaustive()
    }
}

/// "name: description", the text each tool is ranked by.
fn doc_of(t: &crate::runtime::ExposedTool) -> Doc {
    Doc {
        id: t.exposed.clone(),
        text: format!("{}: {}", t.tool.name, t.tool.description),
    }
}

impl ToolSelector {
    /// `embedder`: the embedding provider, when one runs (BM25 alone otherwise).
    pub fn new(embedder: Option<Arc<dyn Embedder>>) -> ToolSelector {
        ToolSelector {
            embedder: Mutex::new(embedder),
            ranked: Mutex::new(None),
            accumulator: Mutex::new(Lru::new(MAX_CONVERSATIONS)),
            permissions: None,
        }
    }

    /// Never shows a tool `permissions` forbids: it is left out before the
    /// top ten are taken, so forbidden tools take no agent's slots.
    pub fn with_permissions(mut self, permissions: Option<Arc<PermissionManager>>) -> Self {
        self.permissions = permissions;
        self
    }

    fn allowed(&self, exposed: &str) -> bool {
        self.permissions
            .as_ref()
            .is_none_or(|p| p.is_allowed(exposed))
    }

    /// Switches the embedding provider (the discovery index was rebuilt).
    pub fn set_embedder(&self, embedder: Option<Arc<dyn Embedder>>) {
        if let Ok(mut e) = self.embedder.lock() {
            *e = embedder;
        }
        if let Ok(mut r) = self.ranked.lock() {
            *r = None;
        }
    }

    fn ranked(&self, index: &ToolIndex) -> Result<Arc<Ranked>, String> {
        let embedder = self
            .embedder
            .lock()
            .map_err(|_| "embedder lock poisoned")?
            .clone();
        let mut slot = self.ranked.lock().map_err(|_| "ranker lock poisoned")?;
        if let Some(r) = slot.as_ref().filter(|r| r.generation == index.generation) {
            return Ok(r.clone());
        }
        let docs: Vec<Doc> = index.tools.iter().map(doc_of).collect();
        let hybrid = match &embedder {
            Some(e) => Hybrid::with_embeddings(
                &docs,
                EmbeddingRanker::new(e.clone(), &docs, |_| {}).map_err(|e| e.to_string())?,
            ),
            None => Hybrid::lexical(&docs),
        }
        .with_servers(server_indices(
            index.tools.iter().map(|t| t.server.as_str()),
        ));
        let r = Arc::new(Ranked {
            generation: index.generation,
            hybrid,
        });
        *slot = Some(r.clone());
        Ok(r)
    }

    /// The tools `conversation` is shown now, given the query (if any).
    pub fn select(&self, conversation: &str, index: &ToolIndex, query: Option<&str>) -> Selection {
        let permitted = || index.tools.iter().filter(|t| self.allowed(&t.exposed));
        if permitted().count() <= GATE_THRESHOLD {
            return Selection {
                shown: permitted().map(|t| t.exposed.clone()).collect(),
                ..Selection::default()
            };
        }
        let mut fresh = Vec::new();
        let mut error = None;
        if let Some(q) = query.map(str::trim).filter(|q| !q.is_empty()) {
            match self.ranked(index) {
                Ok(r) => {
                    let scored = r.hybrid.score(q);
                    match scored.error {
                        Some(e) => error = Some(format!("ranking failed, nothing new shown: {e}")),
                        None => {
                            // BM25 alone gives 0 to a tool sharing no word
                            // with the query: that is no match, not a rank.
                            let semantic = r.hybrid.semantic();
                            let mut order: Vec<usize> = (0..scored.fused.len())
                                .filter(|&i| {
                                    let s = scored.fused[i];
                                    s.is_finite()
                                        && (semantic || s > 0.0)
                                        && index
                                            .tools
                                            .get(i)
                                            .is_some_and(|t| self.allowed(&t.exposed))
                                })
                                .collect();
                            order.sort_by(|&a, &b| scored.fused[b].total_cmp(&scored.fused[a]));
                            fresh = order
                                .into_iter()
                                .take(TOP_K)
                                .filter_map(|i| index.tools.get(i).map(|t| t.exposed.clone()))
                                .collect();
                        }
                    }
                }
                Err(e) => error = Some(format!("ranking failed, nothing new shown: {e}")),
            }
        }
        let Ok(mut acc) = self.accumulator.lock() else {
            return Selection {
                gated: true,
                error: Some("accumulator lock poisoned".into()),
                ..Selection::default()
            };
        };
        let set = acc.touch(conversation);
        let added: Vec<String> = fresh
            .into_iter()
            .filter(|n| set.insert(n.clone()))
            .collect();
        Selection {
            shown: permitted()
                .filter(|t| set.contains(&t.exposed))
                .map(|t| t.exposed.clone())
                .collect(),
            added,
            gated: true,
            error,
        }
    }

    /// Adds tools to a conversation's set (e.g. what `acquire_capability`
    /// found for it).
    pub fn grant(&self, conversation: &str, names: &[String]) -> usize {
        let Ok(mut acc) = self.accumulator.lock() else {
            return 0;
        };
        let set = acc.touch(conversation);
        names.iter().filter(|n| set.insert((*n).clone())).count()
    }

    /// Conversations remembered now.
    pub fn conversations(&self) -> usize {
        self.accumulator.lock().map_or(0, |a| a.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::upstream::UpstreamTool;
    use serde_json::json;

    fn tool(name: &str, description: &str) -> UpstreamTool {
        UpstreamTool {
            name: name.into(),
            description: description.into(),
            input_schema: Arc::default(),
            annotations: None,
        }
    }

    fn index(n_filler: usize, generation: u64) -> ToolIndex {
        let mut tools = vec![
            (
                "github".to_owned(),
                tool("create_issue", "Open a new issue in a GitHub repository"),
            ),
            (
                "github".to_owned(),
                tool("list_pull_requests", "List pull requests of a repository"),
            ),
            (
                "weather".to_owned(),
                tool("forecast", "Weather forecast for a city"),
            ),
            ("fs".to_owned(), tool("read_file", "Read a file from disk")),
        ];
        for i in 0..n_filler {
            tools.push((
                "filler".to_owned(),
                tool(&format!("noop_{i}"), &format!("Does nothing number {i}")),
            ));
        }
        ToolIndex::detached(generation, tools)
    }

    #[test]
    fn forbidden_tools_are_never_shown_and_do_not_count() {
        // 24 tools, 4 of them forbidden: 20 permitted, so no gating.
        let deny: Vec<String> = (0..4).map(|i| format!("mcp_filler_noop_{i}")).collect();
        let s = ToolSelector::new(None).with_permissions(Some(Arc::new(PermissionManager::new(
            deny.iter().map(String::as_str),
            None::<Vec<&str>>,
        ))));
        let idx = index(GATE_THRESHOLD, 1);
        let sel = s.select("c1", &idx, None);
        assert!(!sel.gated);
        assert_eq!(sel.shown.len(), GATE_THRESHOLD);
        assert!(sel.shown.iter().all(|n| !deny.contains(n)));
        // Above the threshold, the best match is skipped when forbidden.
        let query = Some("weather forecast in Paris");
        let plain = ToolSelector::new(None).select("c1", &index(40, 2), query);
        assert!(plain.shown.iter().any(|n| n == "mcp_weather_forecast"));
        let s = ToolSelector::new(None).with_permissions(Some(Arc::new(PermissionManager::new(
            ["mcp_weather_forecast"],
            None::<Vec<&str>>,
        ))));
        let sel = s.select("c1", &index(40, 2), query);
        assert!(sel.gated);
        assert!(
            !sel.shown.iter().any(|n| n == "mcp_weather_forecast"),
            "{:?}",
            sel.shown
        );
    }

    #[test]
    fn at_or_below_the_threshold_everything_is_shown() {
        let s = ToolSelector::new(None);
        let idx = index(GATE_THRESHOLD - 4, 1);
        let sel = s.select("c1", &idx, None);
        assert_eq!(sel.shown.len(), GATE_THRESHOLD);
        assert!(!sel.gated);
    }

    #[test]
    fn above_it_the_query_picks_at_most_ten_and_the_set_only_grows() {
        let s = ToolSelector::new(None);
        let idx = index(200, 1);
        let none = s.select("c1", &idx, None);
        assert!(
            none.gated && none.shown.is_empty(),
            "no query, nothing shown yet"
        );
        let sel = s.select("c1", &idx, Some("what is the weather forecast in Paris"));
        assert_eq!(sel.shown, ["mcp_weather_forecast"]);
        let sel = s.select("c1", &idx, Some("open an issue on github"));
        assert!(
            sel.shown.contains(&"mcp_weather_forecast".to_owned()),
            "union-only"
        );
        assert!(sel.added.contains(&"mcp_github_create_issue".to_owned()));
        assert!(sel.shown.len() <= 2 * TOP_K);
        let many = s.select("c2", &idx, Some("does nothing number"));
        assert_eq!(many.added.len(), TOP_K);
        // Another conversation is not affected by c1.
        assert!(!many.shown.contains(&"mcp_weather_forecast".to_owned()));
        // A later query that matches nothing removes nothing.
        let after = s.select("c1", &idx, Some("zzzz qqqq"));
        assert!(after.added.is_empty() && after.shown.len() >= 2);
    }

    #[test]
    fn the_accumulator_forgets_the_least_recent_conversation_past_200() {
        let s = ToolSelector::new(None);
        let idx = index(30, 1);
        s.select("first", &idx, Some("weather forecast"));
        for i in 0..MAX_CONVERSATIONS {
            s.select(&format!("c{i}"), &idx, Some("read a file"));
        }
        assert_eq!(s.conversations(), MAX_CONVERSATIONS);
        let again = s.select("first", &idx, None);
        assert!(again.shown.is_empty(), "evicted: starts empty");
        // c0 was touched before the others, so it went next.
        assert_eq!(s.conversations(), MAX_CONVERSATIONS);
    }

    struct Broken;
    impl Embedder for Broken {
        fn embed(&self, _texts: &[&str]) -> Result<Vec<Vec<f32>>, hivegate_embed::EmbedError> {
            Err(hivegate_embed::EmbedError::Model("down".into()))
        }
        fn status(&self) -> hivegate_embed::ProviderStatus {
            hivegate_embed::provider::HashEmbedder.status()
        }
    }

    #[test]
    fn any_error_shows_nothing_new_and_keeps_what_was_shown() {
        let s = ToolSelector::new(Some(Arc::new(Broken)));
        let idx = index(30, 1);
        s.grant("c1", &["mcp_fs_read_file".to_owned()]);
        let sel = s.select("c1", &idx, Some("weather"));
        assert_eq!(sel.shown, ["mcp_fs_read_file"]);
        assert!(sel.added.is_empty());
        assert!(sel.error.unwrap().contains("down"));
    }

    #[test]
    fn the_query_is_the_last_five_user_or_assistant_texts() {
        let msgs: Vec<Message> = serde_json::from_value(json!([
            {"role": "user", "content": "one"},
            {"role": "assistant", "content": [{"type": "text", "text": "two"}, {"type": "tool_use", "name": "x"}]},
            {"role": "tool", "content": "secret tool output"},
            {"role": "user", "content": "three"},
            {"role": "assistant", "content": ""},
            {"role": "user", "content": "four"},
            {"role": "user", "content": "five"},
            {"role": "user", "content": [{"type": "image"}, {"type": "text", "text": "six"}]}
        ]))
        .unwrap();
        assert_eq!(query_from_messages(&msgs), "two\nthree\nfour\nfive\nsix");
    }
}
