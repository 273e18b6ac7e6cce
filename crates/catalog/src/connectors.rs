//! Connector specs (§8): declarative files, one per connector, in
//! `data/connectors/<id>.toml`. Each names its service, auth type, setup
//! guide and actions (name, description, risk level, JSON Schema input).
//! Tools are named `connector_<id>_<action>` and resolved through
//! [`ConnectorCatalog::resolve_tool`], never by splitting on `_`.
//!
//! The files grow: a later issue adds execution (endpoints and request
//! mapping) to the same files, so unknown fields are refused only here,
//! where this version reads them.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::CatalogError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ActionRisk {
    Low,
    Medium,
    High,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AuthType {
    Bearer,
    Oauth2,
    ApiKey,
    Basic,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ConnectorCategory {
    Productivity,
    Development,
    Crm,
    Data,
    Communication,
    Storage,
    Integration,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConnectorAction {
    pub name: String,
    pub description: String,
    pub risk_level: ActionRisk,
    pub input_schema: Value,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConnectorSpec {
    pub id: String,
    pub name: String,
    pub service: String,
    pub description: String,
    /// The words people use for what this service does ("tickets",
    /// "sprint" for Jira); for matching needs only, like the native tool
    /// hints.
    #[serde(default)]
    pub keywords: String,
    pub category: ConnectorCategory,
    pub auth_type: AuthType,
    pub setup_guide: String,
    pub actions: Vec<ConnectorAction>,
}

/// `read` / `write` / `search`, derived from the actions (§8.1): low risk
/// reads, medium or high writes, a name with search/find/list searches.
pub fn derive_capabilities(actions: &[ConnectorAction]) -> Vec<&'static str> {
    let mut caps = Vec::new();
    let mut add = |c| {
        if !caps.contains(&c) {
            caps.push(c);
        }
    };
    for a in actions {
        add(if a.risk_level == ActionRisk::Low {
            "read"
        } else {
            "write"
        });
        if ["search", "find", "list"]
            .iter()
            .any(|w| a.name.contains(w))
        {
            add("search");
        }
    }
    caps
}

macro_rules! builtin_specs {
    ($($id:literal),* $(,)?) => {
        &[$(($id, include_str!(concat!("../data/connectors/", $id, ".toml")))),*]
    };
}

const BUILTIN: &[(&str, &str)] = builtin_specs![
    "airtable",
    "asana",
    "bitbucket",
    "composio",
    "confluence",
    "discord",
    "dropbox",
    "email",
    "github",
    "gitlab",
    "gmail",
    "google-calendar",
    "google-docs",
    "google-drive",
    "google-sheets",
    "hubspot",
    "jira",
    "linear",
    "monday",
    "ms-teams",
    "notion",
    "obsidian",
    "onedrive",
    "onenote",
    "outlook",
    "pipedrive",
    "postgres",
    "salesforce",
    "slack",
    "trello",
];

/// The loaded specs and the tool-name lookup table.
#[derive(Debug, Clone)]
pub struct ConnectorCatalog {
    pub specs: Vec<ConnectorSpec>,
    tools: HashMap<String, (usize, usize)>,
}

/// `connector_<id>_<action>`.
pub fn tool_name(connector: &str, action: &str) -> String {
    format!("connector_{connector}_{action}")
}

impl ConnectorCatalog {
    /// The thirty built-in connectors.
    pub fn builtin() -> Result<ConnectorCatalog, CatalogError> {
        let specs = BUILTIN
            .iter()
            .map(|(file, text)| parse_spec(file, text))
            .collect::<Result<Vec<_>, _>>()?;
        ConnectorCatalog::new(specs)
    }

    /// Checks ids, action names and tool-name collisions.
    pub fn new(specs: Vec<ConnectorSpec>) -> Result<ConnectorCatalog, CatalogError> {
        let mut tools = HashMap::new();
        for (i, s) in specs.iter().enumerate() {
            if !is_connector_id(&s.id) {
                return Err(CatalogError::Data(format!(
                    "connector id `{}` must be lowercase letters, digits and single hyphens",
                    s.id
                )));
            }
            if s.actions.is_empty() {
                return Err(CatalogError::Data(format!(
                    "connector {} has no actions",
                    s.id
                )));
            }
            for (j, a) in s.actions.iter().enumerate() {
                let snake = a
                    .name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
                if a.name.is_empty() || !snake {
                    return Err(CatalogError::Data(format!(
                        "connector {}: action name `{}` must be lowercase snake_case",
                        s.id, a.name
                    )));
                }
                if a.input_schema.get("type").and_then(Value::as_str) != Some("object") {
                    return Err(CatalogError::Data(format!(
                        "connector {}: action {} needs an object inputSchema",
                        s.id, a.name
                    )));
                }
                let name = tool_name(&s.id, &a.name);
                if tools.insert(name.clone(), (i, j)).is_some() {
                    return Err(CatalogError::Data(format!(
                        "tool name {name} is claimed twice"
                    )));
                }
            }
        }
        Ok(ConnectorCatalog { specs, tools })
    }

    pub fn get(&self, id: &str) -> Option<&ConnectorSpec> {
        self.specs.iter().find(|s| s.id == id)
    }

    /// The connector and action behind a tool name, from the lookup table.
    pub fn resolve_tool(&self, tool: &str) -> Option<(&ConnectorSpec, &ConnectorAction)> {
        let &(i, j) = self.tools.get(tool)?;
        let s = &self.specs[i];
        Some((s, &s.actions[j]))
    }
}

fn is_connector_id(id: &str) -> bool {
    !id.is_empty()
        && !id.starts_with('-')
        && !id.ends_with('-')
        && !id.contains("--")
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Parses one spec file; the file stem must equal the spec's id.
pub fn parse_spec(file_id: &str, text: &str) -> Result<ConnectorSpec, CatalogError> {
    let spec: ConnectorSpec = toml::from_str(text)
        .map_err(|e| CatalogError::Data(format!("connectors/{file_id}.toml: {e}")))?;
    if spec.id != file_id {
        return Err(CatalogError::Data(format!(
            "connectors/{file_id}.toml declares id `{}`",
            spec.id
        )));
    }
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    const OK: &str = "id = \"x\"\nname = \"X\"\nservice = \"x\"\ndescription = \"d\"\ncategory = \"data\"\nauthType = \"bearer\"\nsetupGuide = \"g\"\n[[actions]]\nname = \"read\"\ndescription = \"d\"\nriskLevel = \"low\"\ninputSchema = { type = \"object\" }\n";

    #[test]
    fn hostile_specs_are_refused_with_the_file_named() {
        let e = parse_spec("x", "id = 1").unwrap_err().to_string();
        assert!(e.contains("connectors/x.toml"), "{e}");
        assert!(parse_spec("x", OK).is_ok());
        assert!(parse_spec("y", OK).is_err());
        assert!(parse_spec("x", &OK.replace("low", "extreme")).is_err());
        assert!(parse_spec("x", &format!("{OK}surprise = 1\n")).is_err());
        assert!(parse_spec("x", "\u{0}\u{ffff}").is_err());
        let spec = parse_spec("x", OK).unwrap();
        let mut bad = spec.clone();
        bad.id = "Bad_Id".into();
        assert!(ConnectorCatalog::new(vec![bad]).is_err());
        let mut dup = spec.clone();
        dup.actions.push(dup.actions[0].clone());
        assert!(ConnectorCatalog::new(vec![dup]).is_err());
        assert!(ConnectorCatalog::new(vec![spec.clone(), spec]).is_err());
    }

    #[test]
    fn capabilities_follow_action_risk_and_names() {
        let a = |n: &str, r| ConnectorAction {
            name: n.into(),
            description: String::new(),
            risk_level: r,
            input_schema: serde_json::json!({"type":"object"}),
        };
        assert_eq!(
            derive_capabilities(&[
                a("search_x", ActionRisk::Low),
                a("create_x", ActionRisk::High)
            ]),
            ["read", "search", "write"]
        );
    }
}
