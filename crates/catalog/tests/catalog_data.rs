//! The data shipped with hivegate holds together, and discovery over it
//! answers plain needs.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failure report

use std::collections::HashSet;

use hivegate_catalog::acquisition::{
    CandidateIndex, CapabilityAvailability, Lane, SearchOptions, search_capabilities,
    validate_install_candidate,
};
use hivegate_catalog::connectors::{ActionRisk, ConnectorCatalog, tool_name};
use hivegate_catalog::find::{catalog_docs, find_connector, list_connector_categories};
use hivegate_catalog::marker::{Segment, segment_text};
use hivegate_catalog::mcp_catalog::{MCP_CATEGORIES, McpCatalog, normalize_mcp_id};
use hivegate_catalog::native::NativeTools;
use hivegate_catalog::pick::{PickSources, agent_pick, entries};
use hivegate_catalog::retrieval::hybrid::Hybrid;
use hivegate_catalog::router::{CapabilityRouter, CapabilitySource, connector_infos};
use hivegate_catalog::skills::starter_pack;
use hivegate_policy::confirmation::{ApprovalClass, get_approval_class, needs_confirmation};
use serde_json::json;

#[test]
fn mcp_catalog_has_140_unique_real_servers_in_all_categories() {
    let c = McpCatalog::builtin().unwrap();
    assert!(c.servers.len() >= 140, "{}", c.servers.len());
    for cat in MCP_CATEGORIES {
        assert!(
            c.servers.iter().filter(|s| s.category == cat).count() >= 5,
            "{cat}"
        );
    }
    let ids: HashSet<String> = c.servers.iter().map(|s| normalize_mcp_id(&s.id)).collect();
    assert_eq!(ids.len(), c.servers.len());
    assert!(
        c.servers
            .iter()
            .all(|s| s.url.starts_with("https://github.com/"))
    );
}

#[test]
fn a_repeated_id_or_repo_url_fails_the_load() {
    let c = McpCatalog::builtin().unwrap();
    let mut twice = c.servers.clone();
    let mut copy = twice[0].clone();
    copy.id = format!("mcp-server-{}", copy.id);
    copy.url.push_str("-other");
    twice.push(copy);
    let e = McpCatalog::from_json(&serde_json::to_string(&twice).unwrap()).unwrap_err();
    assert!(e.to_string().contains("appears twice"), "{e}");
    let mut urls = c.servers.clone();
    let mut copy = urls[1].clone();
    copy.id = "something-else".into();
    copy.url = format!("{}/", urls[0].url.to_uppercase());
    urls.push(copy);
    let e = McpCatalog::from_json(&serde_json::to_string(&urls).unwrap()).unwrap_err();
    assert!(e.to_string().contains("repo url"), "{e}");
    assert!(McpCatalog::from_json("[{}]").is_err());
    assert!(McpCatalog::from_json("not json").is_err());
}

#[test]
fn thirty_connectors_whose_write_actions_the_gate_confirms() {
    let c = ConnectorCatalog::builtin().unwrap();
    assert_eq!(c.specs.len(), 30);
    for id in [
        "github",
        "google-calendar",
        "ms-teams",
        "onedrive",
        "onenote",
        "composio",
        "postgres",
    ] {
        assert!(c.get(id).is_some(), "{id}");
    }
    for s in &c.specs {
        assert!(!s.setup_guide.is_empty() && !s.description.is_empty());
        assert!(
            s.keywords.split_whitespace().count() >= 5,
            "{}: keywords",
            s.id
        );
        for a in &s.actions {
            let tool = tool_name(&s.id, &a.name);
            let (spec, action) = c.resolve_tool(&tool).unwrap();
            assert_eq!(
                (spec.id.as_str(), action.name.as_str()),
                (s.id.as_str(), a.name.as_str())
            );
            // The gate reads risk from the tool name only; the specs must
            // name every writing action so that it asks.
            assert_eq!(
                needs_confirmation(&tool, &json!({})),
                a.risk_level != ActionRisk::Low,
                "{tool} is {:?}",
                a.risk_level
            );
            if a.name == "send_email" {
                assert_eq!(
                    get_approval_class(&tool, &json!({})),
                    ApprovalClass::Critical
                );
            }
        }
    }
    assert!(c.resolve_tool("connector_github").is_none());
    assert!(
        c.resolve_tool("connector_google_calendar_list_events")
            .is_none()
    );
    assert!(
        c.resolve_tool("connector_google-calendar_list_events")
            .is_some()
    );
}

#[test]
fn starter_pack_has_twelve_or_more_valid_skills() {
    let s = starter_pack().unwrap();
    assert!(s.len() >= 12, "{}", s.len());
    let names: Vec<&str> = s.iter().map(|x| x.name.as_str()).collect();
    assert!(validate_install_candidate("code-review", "starter-pack", &names, &[]).valid);
    let v = validate_install_candidate("code-review", "starter-pack", &names, &["code-review"]);
    assert!(v.error.unwrap().contains("already installed"));
    assert!(!validate_install_candidate("../code-review", "starter-pack", &names, &[]).valid);
    assert!(!validate_install_candidate("code-review", "marketplace", &names, &[]).valid);
    assert!(!validate_install_candidate("nope", "starter-pack", &names, &[]).valid);
}

fn index(connected: &[&str]) -> CandidateIndex {
    let native = NativeTools::default();
    let starter = starter_pack().unwrap();
    let connectors = ConnectorCatalog::builtin().unwrap();
    let mcp = McpCatalog::builtin().unwrap();
    let connected: HashSet<String> = connected.iter().map(|s| (*s).to_owned()).collect();
    let e = entries(&PickSources {
        native: &native,
        installed_skills: &[],
        starter_skills: &starter,
        connectors: &connectors,
        connected: &connected,
        mcp: &mcp,
        marketplace: &[],
    });
    let docs = CandidateIndex::docs(&e);
    CandidateIndex::new(e, Hybrid::lexical(&docs))
}

#[test]
fn agent_pick_groups_one_per_kind_with_reasons_and_trust() {
    let idx = index(&[]);
    let p = agent_pick(
        &idx,
        "triage GitHub issues and post a digest to Slack",
        &SearchOptions::default(),
    );
    assert_eq!(p.ranking, "bm25-only");
    let g = &p.grouped_by_kind;
    let connector = g.connector.as_ref().unwrap();
    assert!(
        ["github", "slack"].contains(&connector.name.as_str()),
        "{connector:?}"
    );
    assert!(
        connector
            .install_action
            .as_deref()
            .unwrap()
            .starts_with("connect_connector:")
    );
    assert_eq!(g.skill.as_ref().unwrap().name, "github-issue-triage");
    assert!(g.mcp.is_some());
    assert!(p.candidates.len() <= 8);
    assert!(p.candidates.iter().all(|c| !c.match_reason.is_empty()));
    assert!(p.gap_detected);
    // Trust: a starter skill is low risk from a trusted source.
    let skill = g.skill.as_ref().unwrap();
    assert_eq!(
        skill.trust.trust_source,
        hivegate_policy::trust::TrustSource::StarterPack
    );
}

#[test]
fn a_named_product_a_path_or_a_channel_steers_the_pick() {
    let idx = index(&[]);
    let pick = |need: &str| agent_pick(&idx, need, &SearchOptions::default()).grouped_by_kind;
    // "meeting" pulls towards the calendar; the need named the docs.
    let g = pick("write up the meeting notes in a google doc");
    let connector = g.connector.unwrap();
    assert_eq!(connector.name, "google-docs");
    assert!(connector.match_reason.starts_with("named in the need"));
    let g = pick("show me what's in src/main.rs");
    assert_eq!(g.tool.unwrap().name, "read_file");
    let g = pick("grab the text from this page https://example.org/pricing");
    assert_eq!(g.tool.unwrap().name, "web_fetch");
    // Connectors are found by what people call their things.
    let g = pick("what's left in the sprint backlog");
    assert_eq!(g.connector.unwrap().name, "jira");
    let g = pick("let everyone in #general know lunch is here");
    let connector = g.connector.unwrap().name;
    assert!(
        ["slack", "discord", "ms-teams"].contains(&connector.as_str()),
        "{connector}"
    );
}

#[test]
fn acquisition_already_handled_and_the_marker() {
    let idx = index(&["slack"]);
    let p = search_capabilities(&idx, "read file contents", &SearchOptions::default());
    assert!(p.already_handled, "{p:#?}");
    assert_eq!(
        p.recommendation.unwrap().availability,
        CapabilityAvailability::Active
    );
    let p = search_capabilities(
        &idx,
        "query my postgres database with sql",
        &SearchOptions {
            exclude: vec![Lane::Native, Lane::Connector],
            ..Default::default()
        },
    );
    assert!(p.gap_detected);
    let requests: Vec<_> = segment_text(&p.summary)
        .into_iter()
        .filter(|s| matches!(s, Segment::Request { .. }))
        .collect();
    assert_eq!(requests.len(), 1, "{}", p.summary);
}

#[test]
fn hostile_needs_never_fail() {
    let idx = index(&[]);
    for need in [
        "",
        "   ",
        "\u{0}\u{1}",
        "\"; DROP TABLE x; --",
        "NEAR(a b) OR * AND \"",
        &"x".repeat(100_000),
        "ü∂ƒ©˙∆˚¬",
    ] {
        let p = search_capabilities(&idx, need, &SearchOptions::default());
        assert!(p.need.chars().count() <= 1000);
    }
    let p = search_capabilities(&idx, &"word ".repeat(500), &SearchOptions::default());
    assert!(p.need_truncated.unwrap().contains("first 1000"));
}

#[test]
fn find_connector_and_categories() {
    let c = McpCatalog::builtin().unwrap();
    let ranker = Hybrid::lexical(&catalog_docs(&c));
    let r = find_connector(&c, &ranker, "query a postgres database", Some(5), None);
    assert!(r.matches.len() <= 5 && r.offline_capable);
    assert!(r.matches.iter().any(|m| m.id == "postgres"), "{r:#?}");
    let r = find_connector(&c, &ranker, "search", Some(1000), Some("Web"));
    assert!(r.matches.len() <= 30 && r.matches.iter().all(|m| m.category == "Web"));
    let cats = list_connector_categories(&c);
    assert_eq!(cats.len(), 14);
    assert_eq!(
        cats.iter().map(|c| c.servers).sum::<usize>(),
        c.servers.len()
    );
}

#[test]
fn router_over_the_shipped_data() {
    let connectors = ConnectorCatalog::builtin().unwrap();
    let r = CapabilityRouter {
        tool_names: NativeTools::default().names().map(str::to_owned).collect(),
        skills: starter_pack()
            .unwrap()
            .into_iter()
            .map(|s| (s.name, s.content))
            .collect(),
        connectors: connector_infos(&connectors, &HashSet::new()),
        sub_agent_roles: vec!["coder".into()],
        ..Default::default()
    };
    assert_eq!(r.resolve("web_search")[0].source, CapabilitySource::Native);
    let routes = r.resolve("send a message on Slack");
    assert_eq!(routes[0].source, CapabilitySource::Connector);
    assert_eq!(routes[0].name, "slack");
    assert_eq!(
        r.resolve("xyzzy plugh")[0].source,
        CapabilitySource::Missing
    );
}
