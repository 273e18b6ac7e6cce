//! Exposed tool names `mcp_<server>_<tool>`, kept in a lookup table. Server
//! and tool names may themselves hold `_`, so a name is never split to find
//! its parts; two (server, tool) pairs that would show the same name are
//! refused at registration.

use std::collections::HashMap;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NameError {
    #[error("tool name {name} is already taken by {other_server}/{other_tool}; rename one server")]
    Collision {
        name: String,
        other_server: String,
        other_tool: String,
    },
    #[error("tool name `{0}` must be 1-128 printable characters without spaces")]
    Invalid(String),
}

/// The table of exposed names.
#[derive(Debug, Clone, Default)]
pub struct ToolTable {
    by_name: HashMap<String, (String, String)>,
}

/// `mcp_<server>_<tool>`.
pub fn exposed_name(server: &str, tool: &str) -> String {
    format!("mcp_{server}_{tool}")
}

impl ToolTable {
    /// Registers one tool; the exposed name, or why not.
    pub fn register(&mut self, server: &str, tool: &str) -> Result<String, NameError> {
        if tool.is_empty()
            || tool.len() > 128
            || tool.chars().any(|c| c.is_whitespace() || c.is_control())
        {
            return Err(NameError::Invalid(tool.chars().take(64).collect()));
        }
        let name = exposed_name(server, tool);
        if let Some((s, t)) = self.by_name.get(&name) {
            if (s.as_str(), t.as_str()) != (server, tool) {
                return Err(NameError::Collision {
                    name,
                    other_server: s.clone(),
                    other_tool: t.clone(),
                });
            }
            return Ok(name);
        }
        self.by_name
            .insert(name.clone(), (server.to_owned(), tool.to_owned()));
        Ok(name)
    }

    /// (server, tool) behind an exposed name.
    pub fn resolve(&self, name: &str) -> Option<(&str, &str)> {
        self.by_name
            .get(name)
            .map(|(s, t)| (s.as_str(), t.as_str()))
    }

    /// Drops every tool of `server` (it stopped or was removed).
    pub fn remove_server(&mut self, server: &str) {
        self.by_name.retain(|_, (s, _)| s != server);
    }

    pub fn len(&self) -> usize {
        self.by_name.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_resolve_through_the_table_and_collisions_are_refused() {
        let mut t = ToolTable::default();
        assert_eq!(
            t.register("my_fs", "read_file").unwrap(),
            "mcp_my_fs_read_file"
        );
        // The same exposed name from another split: refused, naming both.
        let e = t.register("my", "fs_read_file").unwrap_err();
        assert!(e.to_string().contains("my_fs/read_file"), "{e}");
        assert_eq!(
            t.resolve("mcp_my_fs_read_file"),
            Some(("my_fs", "read_file"))
        );
        assert_eq!(t.resolve("mcp_my_fs"), None);
        // Registering the same pair again is fine.
        assert!(t.register("my_fs", "read_file").is_ok());
        assert!(t.register("x", "has space").is_err());
        assert!(t.register("x", "").is_err());
        t.remove_server("my_fs");
        assert!(t.is_empty());
        assert!(t.register("my", "fs_read_file").is_ok());
    }
}
