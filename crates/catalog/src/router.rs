//! `CapabilityRouter::resolve` (§2): where could a capability come from?
//! A pure, in-memory resolver. Sources are scanned in a fixed order, every
//! match is collected, and the routes are sorted by confidence (stable, so
//! equal confidences keep scan order). No match gives one `missing` route
//! with a suggestion.

use serde::Serialize;

use crate::retrieval::keyword::extract_keywords;
use crate::roles::roles_for;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CapabilitySource {
    Native,
    Skill,
    Plugin,
    Mcp,
    Subagent,
    Connector,
    Missing,
}

/// One ranked match.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CapabilityRoute {
    pub source: CapabilitySource,
    pub name: String,
    pub confidence: f64,
    pub description: String,
    pub available: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suggestion: Option<String>,
}

/// A registered connector, as the router sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectorInfo {
    pub id: String,
    pub name: String,
    pub service: String,
    pub connected: bool,
    pub actions: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluginInfo {
    pub name: String,
    pub description: String,
    pub skills: Vec<String>,
}

/// The router's view of connector specs (`connected` names the ids with
/// credentials).
pub fn connector_infos(
    catalog: &crate::connectors::ConnectorCatalog,
    connected: &std::collections::HashSet<String>,
) -> Vec<ConnectorInfo> {
    catalog
        .specs
        .iter()
        .map(|c| ConnectorInfo {
            id: c.id.clone(),
            name: c.name.clone(),
            service: c.service.clone(),
            connected: connected.contains(&c.id),
            actions: c.actions.iter().map(|a| a.name.clone()).collect(),
        })
        .collect()
}

/// `CapabilityRouterDeps`.
#[derive(Debug, Clone, Default)]
pub struct CapabilityRouter {
    pub tool_names: Vec<String>,
    /// (name, content)
    pub skills: Vec<(String, String)>,
    pub plugins: Vec<PluginInfo>,
    /// (server name, healthy); `None` health means no runtime to ask, so
    /// the server is assumed healthy, as the seed does.
    pub mcp_servers: Vec<(String, Option<bool>)>,
    pub sub_agent_roles: Vec<String>,
    pub connectors: Vec<ConnectorInfo>,
}

pub const CONFIDENCE_NATIVE_EXACT: f64 = 1.0;
pub const CONFIDENCE_NATIVE_PARTIAL: f64 = 0.8;
pub const CONFIDENCE_CONNECTOR: f64 = 0.75;
pub const CONFIDENCE_SKILL_NAME: f64 = 0.7;
pub const CONFIDENCE_PLUGIN: f64 = 0.6;
pub const CONFIDENCE_SKILL_CONTENT: f64 = 0.5;
pub const CONFIDENCE_MCP: f64 = 0.45;
pub const CONFIDENCE_SUBAGENT: f64 = 0.4;

/// Lower case, `_` and `-` as spaces, whitespace collapsed.
fn norm(s: &str) -> String {
    s.to_lowercase()
        .replace(['_', '-'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether `text` mentions `term` as whole words.
fn mentions(text: &str, term: &str) -> bool {
    if term.is_empty() {
        return false;
    }
    let padded = format!(" {text} ");
    padded.contains(&format!(" {term} "))
}

impl CapabilityRouter {
    pub fn resolve(&self, query: &str) -> Vec<CapabilityRoute> {
        let q = norm(query);
        let mut routes = Vec::new();
        if q.is_empty() {
            return vec![missing(query)];
        }
        let route =
            |source, name: &str, confidence, description: String, available| CapabilityRoute {
                source,
                name: name.to_owned(),
                confidence,
                description,
                available,
                suggestion: None,
            };
        // 1. native
        for t in &self.tool_names {
            let n = norm(t);
            if n == q {
                routes.push(route(
                    CapabilitySource::Native,
                    t,
                    CONFIDENCE_NATIVE_EXACT,
                    format!("Native tool {t}"),
                    true,
                ));
            } else if n.contains(&q) || mentions(&q, &n) {
                routes.push(route(
                    CapabilitySource::Native,
                    t,
                    CONFIDENCE_NATIVE_PARTIAL,
                    format!("Native tool {t} matches"),
                    true,
                ));
            }
        }
        // 1.5 connector
        for c in &self.connectors {
            let hit = [&c.id, &c.service, &c.name]
                .iter()
                .any(|x| mentions(&q, &norm(x)))
                || c.actions.iter().any(|a| mentions(&q, &norm(a)));
            if hit {
                let mut r = route(
                    CapabilitySource::Connector,
                    &c.id,
                    CONFIDENCE_CONNECTOR,
                    format!("{} connector", c.name),
                    c.connected,
                );
                if !c.connected {
                    r.suggestion = Some(format!(
                        "Connect {} (POST /api/connectors/{}/connect) to use it",
                        c.name, c.id
                    ));
                }
                routes.push(r);
            }
        }
        // 2. skills
        let keywords = extract_keywords(query);
        for (name, content) in &self.skills {
            let n = norm(name);
            if n == q || n.contains(&q) || mentions(&q, &n) {
                routes.push(route(
                    CapabilitySource::Skill,
                    name,
                    CONFIDENCE_SKILL_NAME,
                    format!("Skill {name}"),
                    true,
                ));
            } else if content_matches(content, &q, &keywords) {
                routes.push(route(
                    CapabilitySource::Skill,
                    name,
                    CONFIDENCE_SKILL_CONTENT,
                    format!("Skill {name} covers this"),
                    true,
                ));
            }
        }
        // 3. plugins
        for p in &self.plugins {
            let hit = content_matches(&p.description, &q, &keywords)
                || p.skills
                    .iter()
                    .any(|s| mentions(&q, &norm(s)) || norm(s).contains(&q));
            if hit {
                routes.push(route(
                    CapabilitySource::Plugin,
                    &p.name,
                    CONFIDENCE_PLUGIN,
                    p.description.clone(),
                    true,
                ));
            }
        }
        // 4. MCP servers
        for (name, healthy) in &self.mcp_servers {
            let n = norm(name);
            if n.contains(&q) || mentions(&q, &n) {
                routes.push(route(
                    CapabilitySource::Mcp,
                    name,
                    CONFIDENCE_MCP,
                    format!("MCP server {name}"),
                    healthy.unwrap_or(true),
                ));
            }
        }
        // 5. subagent roles
        for role in roles_for(query) {
            if self.sub_agent_roles.iter().any(|r| r == role) {
                routes.push(route(
                    CapabilitySource::Subagent,
                    role,
                    CONFIDENCE_SUBAGENT,
                    format!("Delegate to a {role} subagent"),
                    true,
                ));
            }
        }
        if routes.is_empty() {
            return vec![missing(query)];
        }
        routes.sort_by(|a, b| b.confidence.total_cmp(&a.confidence));
        routes
    }
}

/// The content names the whole query, or at least half its keywords.
fn content_matches(content: &str, q: &str, keywords: &[String]) -> bool {
    let c = norm(content);
    if c.contains(q) {
        return true;
    }
    if keywords.is_empty() {
        return false;
    }
    let hits = keywords.iter().filter(|k| c.contains(k.as_str())).count();
    hits * 2 >= keywords.len() && hits > 0
}

fn missing(query: &str) -> CapabilityRoute {
    CapabilityRoute {
        source: CapabilitySource::Missing,
        name: query.to_owned(),
        confidence: 0.0,
        description: "No installed capability matches".into(),
        available: false,
        suggestion: Some(format!(
            "Search for something to install: acquire_capability {{\"need\": {:?}}}, or `hivegate pick {:?}`",
            query, query
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn router() -> CapabilityRouter {
        CapabilityRouter {
            tool_names: vec!["web_search".into(), "read_file".into()],
            skills: vec![(
                "code-review".into(),
                "Review a diff for security and tests".into(),
            )],
            plugins: vec![PluginInfo {
                name: "docs".into(),
                description: "Generate API documentation".into(),
                skills: vec!["api-docs".into()],
            }],
            mcp_servers: vec![("github".into(), Some(false)), ("postgres".into(), None)],
            sub_agent_roles: vec!["coder".into(), "researcher".into()],
            connectors: vec![ConnectorInfo {
                id: "slack".into(),
                name: "Slack".into(),
                service: "slack".into(),
                connected: false,
                actions: vec!["post_message".into()],
            }],
        }
    }

    #[test]
    fn confidence_table_and_order() {
        let r = router();
        let exact = r.resolve("web_search");
        assert_eq!(
            (exact[0].source, exact[0].confidence),
            (CapabilitySource::Native, 1.0)
        );
        let partial = r.resolve("web");
        assert_eq!(
            (partial[0].source, partial[0].confidence),
            (CapabilitySource::Native, 0.8)
        );
        let slack = r.resolve("post message to the team");
        assert_eq!(slack[0].source, CapabilitySource::Connector);
        assert_eq!(slack[0].confidence, 0.75);
        assert!(!slack[0].available);
        assert!(
            slack[0]
                .suggestion
                .as_deref()
                .unwrap()
                .contains("Connect Slack")
        );
        assert_eq!(r.resolve("code review")[0].confidence, 0.7);
        assert_eq!(r.resolve("security tests")[0].confidence, 0.5);
        assert_eq!(r.resolve("api documentation")[0].confidence, 0.6);
        let gh = r.resolve("github");
        assert_eq!(
            (gh[0].source, gh[0].confidence, gh[0].available),
            (CapabilitySource::Mcp, 0.45, false)
        );
        assert!(r.resolve("postgres")[0].available);
        let coder = r.resolve("implement a parser");
        assert_eq!(
            (coder[0].source, coder[0].confidence),
            (CapabilitySource::Subagent, 0.4)
        );
        let all = r.resolve("research web_search");
        assert!(all.windows(2).all(|w| w[0].confidence >= w[1].confidence));
    }

    #[test]
    fn nothing_matches_is_a_missing_route_with_a_suggestion() {
        for q in ["zzzz qqqq", "", "   "] {
            let m = router().resolve(q);
            assert_eq!(m.len(), 1);
            assert_eq!(m[0].source, CapabilitySource::Missing);
            assert!(m[0].suggestion.is_some());
        }
    }
}
