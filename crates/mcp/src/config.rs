//! `.mcp.json`: `{"mcpServers": {"<name>": {"command", "args", "env"} |
//! {"url", "headers"}}}`. A user's existing file works unchanged: unknown
//! per-server keys (`type`, `disabled`, …) are kept aside, not refused.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use sha2::{Digest, Sha256};

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error(".mcp.json is not valid JSON: {0}")]
    Json(String),
    #[error(".mcp.json names server `{0}` twice")]
    Duplicate(String),
    #[error(".mcp.json: server `{name}`: {why}")]
    Server { name: String, why: String },
    #[error("cannot read .mcp.json: {0}")]
    Io(String),
}

/// How to reach one upstream server.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ServerConfig {
    Stdio {
        command: String,
        args: Vec<String>,
        env: BTreeMap<String, String>,
    },
    Http {
        url: String,
        headers: BTreeMap<String, String>,
    },
}

#[derive(Deserialize)]
struct RawServer {
    command: Option<String>,
    #[serde(default)]
    args: Vec<String>,
    #[serde(default)]
    env: BTreeMap<String, String>,
    url: Option<String>,
    #[serde(default)]
    headers: BTreeMap<String, String>,
}

/// The parsed file, servers by name (sorted, so diffs are stable).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct McpConfig {
    pub servers: BTreeMap<String, ServerConfig>,
}

/// An object whose keys must be unique.
struct UniqueMap(Vec<(String, serde_json::Value)>);

impl<'de> Deserialize<'de> for UniqueMap {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = UniqueMap;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<UniqueMap, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = m.next_entry::<String, serde_json::Value>()? {
                    out.push((k, v));
                }
                Ok(UniqueMap(out))
            }
        }
        d.deserialize_map(V)
    }
}

#[derive(Deserialize)]
struct RawFile {
    #[serde(rename = "mcpServers", default)]
    mcp_servers: Option<UniqueMap>,
}

/// A server name usable inside `mcp_<server>_<tool>`.
pub fn valid_server_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

impl McpConfig {
    pub fn parse(text: &str) -> Result<McpConfig, ConfigError> {
        let raw: RawFile =
            serde_json::from_str(text).map_err(|e| ConfigError::Json(e.to_string()))?;
        let mut servers = BTreeMap::new();
        for (name, value) in raw.mcp_servers.map(|m| m.0).unwrap_or_default() {
            let bad = |why: &str| ConfigError::Server {
                name: name.clone(),
                why: why.to_owned(),
            };
            if !valid_server_name(&name) {
                return Err(bad("names are 1-64 letters, digits, '-' or '_'"));
            }
            let s: RawServer = serde_json::from_value(value).map_err(|e| bad(&e.to_string()))?;
            let config = match (s.command, s.url) {
                (Some(command), None) if !command.trim().is_empty() => ServerConfig::Stdio {
                    command,
                    args: s.args,
                    env: s.env,
                },
                (None, Some(url)) if url.starts_with("http://") || url.starts_with("https://") => {
                    ServerConfig::Http {
                        url,
                        headers: s.headers,
                    }
                }
                (Some(_), Some(_)) => return Err(bad("has both `command` and `url`")),
                (None, Some(_)) => return Err(bad("`url` must be http:// or https://")),
                _ => return Err(bad("needs a `command` or a `url`")),
            };
            if servers.insert(name.clone(), config).is_some() {
                return Err(ConfigError::Duplicate(name));
            }
        }
        Ok(McpConfig { servers })
    }
}

/// What changed between two configurations.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ConfigDiff {
    pub added: Vec<String>,
    pub removed: Vec<String>,
    pub changed: Vec<String>,
}

impl ConfigDiff {
    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty() && self.changed.is_empty()
    }
}

/// The three-way diff: a server whose config is equal is unchanged (and
/// keeps running).
pub fn diff(old: &McpConfig, new: &McpConfig) -> ConfigDiff {
    let mut d = ConfigDiff::default();
    for (name, cfg) in &new.servers {
        match old.servers.get(name) {
            None => d.added.push(name.clone()),
            Some(prev) if prev != cfg => d.changed.push(name.clone()),
            Some(_) => {}
        }
    }
    d.removed = old
        .servers
        .keys()
        .filter(|n| !new.servers.contains_key(*n))
        .cloned()
        .collect();
    d
}

/// (modified time in ns, sha256): equal signatures mean the file has not
/// changed, without parsing it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signature {
    pub mtime_ns: u128,
    pub sha256: String,
}

/// The signature of the file at `path`; `None` when there is no file.
pub fn signature(path: &Path) -> Result<Option<(Signature, String)>, ConfigError> {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(ConfigError::Io(e.to_string())),
    };
    let mtime_ns = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    let text = std::fs::read_to_string(path).map_err(|e| ConfigError::Io(e.to_string()))?;
    let sha256 = hex::encode(Sha256::digest(text.as_bytes()));
    Ok(Some((Signature { mtime_ns, sha256 }, text)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const DESKTOP: &str = r#"{
      "mcpServers": {
        "filesystem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]},
        "remote": {"url": "https://example.com/mcp", "headers": {"Authorization": "Bearer x"}, "type": "http"},
        "memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"], "env": {"A": "1"}, "disabled": false}
      },
      "otherClientSetting": true
    }"#;

    #[test]
    fn a_claude_desktop_file_parses_unchanged() {
        let c = McpConfig::parse(DESKTOP).unwrap();
        assert_eq!(c.servers.len(), 3);
        assert!(
            matches!(&c.servers["remote"], ServerConfig::Http { url, .. } if url == "https://example.com/mcp")
        );
        assert_eq!(McpConfig::parse("{}").unwrap().servers.len(), 0);
    }

    #[test]
    fn bad_files_are_clear_errors() {
        let dup = r#"{"mcpServers": {"a": {"command": "x"}, "a": {"command": "y"}}}"#;
        assert_eq!(
            McpConfig::parse(dup),
            Err(ConfigError::Duplicate("a".into()))
        );
        for (text, want) in [
            ("{", "not valid JSON"),
            (r#"{"mcpServers": []}"#, "not valid JSON"),
            (r#"{"mcpServers": {"a b": {"command": "x"}}}"#, "names are"),
            (r#"{"mcpServers": {"a": {}}}"#, "needs a `command`"),
            (
                r#"{"mcpServers": {"a": {"command": "x", "url": "http://y"}}}"#,
                "both",
            ),
            (
                r#"{"mcpServers": {"a": {"url": "file:///etc/passwd"}}}"#,
                "http://",
            ),
            (
                r#"{"mcpServers": {"a": {"command": "x", "args": "oops"}}}"#,
                "server `a`",
            ),
        ] {
            let e = McpConfig::parse(text).unwrap_err().to_string();
            assert!(e.contains(want), "{text}: {e}");
        }
    }

    #[test]
    fn diff_is_three_way() {
        let old = McpConfig::parse(DESKTOP).unwrap();
        let new = McpConfig::parse(
            r#"{"mcpServers": {
                "filesystem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]},
                "memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"], "env": {"A": "2"}},
                "everything": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"]}}}"#,
        )
        .unwrap();
        let d = diff(&old, &new);
        assert_eq!(d.added, ["everything"]);
        assert_eq!(d.removed, ["remote"]);
        assert_eq!(d.changed, ["memory"]);
        assert!(diff(&new, &new).is_empty());
    }

    #[test]
    fn signature_changes_with_content() {
        let dir = std::env::temp_dir().join(format!("hg-mcp-sig-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join(".mcp.json");
        assert!(signature(&p).unwrap().is_none());
        std::fs::write(&p, "{}").unwrap();
        let (a, _) = signature(&p).unwrap().unwrap();
        std::fs::write(&p, "{ }").unwrap();
        let (b, text) = signature(&p).unwrap().unwrap();
        assert_ne!(a.sha256, b.sha256);
        assert_eq!(text, "{ }");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
