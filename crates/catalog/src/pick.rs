//! Agent-pick: a need → one connector + one skill + one tool (+ one MCP
//! server), each with a why, an install action and a trust assessment,
//! grouped over the ranked candidates of [`search_capabilities`].
//! [`entries`] gathers every lane into one index.

use std::collections::HashSet;

use hivegate_policy::trust::CapabilitySourceType;
use serde::Serialize;

use crate::acquisition::{
    AcquisitionProposal, CandidateIndex, CapabilityAvailability, CapabilityCandidate, Entry, Lane,
    MAX_CANDIDATES, SearchOptions, search_capabilities,
};
use crate::connectors::ConnectorCatalog;
use crate::mcp_catalog::McpCatalog;
use crate::native::NativeTools;
use crate::skills::Skill;

/// A marketplace package, as the store lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct MarketplacePackage {
    pub name: String,
    pub description: String,
    pub category: String,
    /// skill | connector | mcp
    pub kind: String,
    pub validated: bool,
    /// Tool names and descriptions, as one text.
    pub tools: String,
}

/// Everything an agent could use or install.
pub struct PickSources<'a> {
    pub native: &'a NativeTools,
    pub installed_skills: &'a [Skill],
    pub starter_skills: &'a [Skill],
    pub connectors: &'a ConnectorCatalog,
    pub connected: &'a HashSet<String>,
    pub mcp: &'a McpCatalog,
    pub marketplace: &'a [MarketplacePackage],
}

/// The first line of a skill's body after its front matter, else its
/// description.
fn skill_entry(s: &Skill, lane: Lane, installed: bool) -> Entry {
    Entry {
        lane,
        name: s.name.clone(),
        kind: CapabilitySourceType::Skill,
        description: s.description.clone(),
        extra: String::new(),
        source: if installed {
            "installed"
        } else {
            "starter-pack"
        }
        .into(),
        availability: if installed {
            CapabilityAvailability::Active
        } else {
            CapabilityAvailability::Installable
        },
        install_action: (!installed).then(|| "install_capability".into()),
        declared_permissions: None,
        examples: Vec::new(),
    }
}

/// One entry per native tool, skill, connector, MCP catalog server and
/// marketplace package. Starter skills already installed appear once, as
/// installed.
pub fn entries(src: &PickSources<'_>) -> Vec<Entry> {
    let mut out = Vec::new();
    for t in &src.native.tools {
        out.push(Entry {
            lane: Lane::Native,
            name: t.name.clone(),
            kind: CapabilitySourceType::Native,
            description: format!("Native tool {}", t.name.replace('_', " ")),
            extra: t.hints.clone(),
            source: "native-tools".into(),
            availability: CapabilityAvailability::Active,
            install_action: None,
            declared_permissions: None,
            examples: t.examples.clone(),
        });
    }
    let installed: HashSet<&str> = src
        .installed_skills
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    out.extend(
        src.installed_skills
            .iter()
            .map(|s| skill_entry(s, Lane::InstalledSkill, true)),
    );
    out.extend(
        src.starter_skills
            .iter()
            .filter(|s| !installed.contains(s.name.as_str()))
            .map(|s| skill_entry(s, Lane::StarterSkill, false)),
    );
    for c in &src.connectors.specs {
        let connected = src.connected.contains(&c.id);
        let actions: Vec<String> = c
            .actions
            .iter()
            .map(|a| format!("{} ({})", a.name.replace('_', " "), a.description))
            .collect();
        out.push(Entry {
            lane: Lane::Connector,
            name: c.id.clone(),
            kind: CapabilitySourceType::Connector,
            description: format!("{}: {}", c.name, c.description),
            extra: format!("{}; {}", c.keywords, actions.join("; ")),
            source: "builtin".into(),
            availability: if connected {
                CapabilityAvailability::Active
            } else {
                CapabilityAvailability::Installable
            },
            install_action: (!connected).then(|| format!("connect_connector:{}", c.id)),
            declared_permissions: None,
            examples: Vec::new(),
        });
    }
    for s in &src.mcp.servers {
        out.push(Entry {
            lane: Lane::McpCatalog,
            name: s.id.clone(),
            kind: CapabilitySourceType::Mcp,
            description: format!("{}: {}", s.name, s.description),
            extra: format!("{} {}", s.category, s.capabilities.join(" ")),
            source: if s.official { "verified" } else { "mcp" }.into(),
            availability: CapabilityAvailability::Installable,
            install_action: Some("capability_request".into()),
            declared_permissions: None,
            examples: Vec::new(),
        });
    }
    for p in src.marketplace {
        out.push(Entry {
            lane: Lane::Marketplace,
            name: p.name.clone(),
            kind: CapabilitySourceType::Marketplace,
            description: p.description.clone(),
            extra: format!("{} {}", p.category.replace('-', " "), p.tools),
            source: if p.validated {
                "marketplace-verified"
            } else {
                "marketplace"
            }
            .into(),
            availability: CapabilityAvailability::Installable,
            install_action: Some("capability_request".into()),
            declared_permissions: None,
            examples: Vec::new(),
        });
    }
    out
}

/// One candidate per kind.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GroupedByKind {
    pub connector: Option<CapabilityCandidate>,
    pub skill: Option<CapabilityCandidate>,
    pub tool: Option<CapabilityCandidate>,
    pub mcp: Option<CapabilityCandidate>,
}

/// The agent-search answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentPick {
    pub need: String,
    pub candidates: Vec<CapabilityCandidate>,
    pub recommendation: Option<CapabilityCandidate>,
    pub grouped_by_kind: GroupedByKind,
    pub gap_detected: bool,
    pub already_handled: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub need_truncated: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub need_read_as: Option<String>,
    pub ranking: String,
}

/// `pickOnePerKind`: the best-ranked candidate of each kind.
pub fn group_by_kind(candidates: &[CapabilityCandidate]) -> GroupedByKind {
    let first =
        |f: &dyn Fn(&CapabilityCandidate) -> bool| candidates.iter().find(|c| f(c)).cloned();
    GroupedByKind {
        connector: first(&|c| c.lane == Lane::Connector),
        skill: first(&|c| matches!(c.lane, Lane::InstalledSkill | Lane::StarterSkill)),
        tool: first(&|c| c.lane == Lane::Native),
        mcp: first(&|c| matches!(c.lane, Lane::McpCatalog | Lane::Marketplace)),
    }
}

/// Runs the search over every lane and groups the result.
pub fn agent_pick(index: &CandidateIndex, need: &str, opts: &SearchOptions) -> AgentPick {
    let p: AcquisitionProposal = search_capabilities(index, need, opts);
    let grouped_by_kind = group_by_kind(&p.candidates);
    let mut candidates = p.candidates;
    candidates.truncate(MAX_CANDIDATES);
    AgentPick {
        need: p.need,
        candidates,
        recommendation: p.recommendation,
        grouped_by_kind,
        gap_detected: p.gap_detected,
        already_handled: p.already_handled,
        need_truncated: p.need_truncated,
        need_read_as: p.need_read_as,
        ranking: p.ranking,
    }
}
