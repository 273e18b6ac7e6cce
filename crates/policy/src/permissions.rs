//! The static allow/deny tool filter (seed §6): what an agent may be shown
//! and call at all, e.g. a read-only sandbox. It is distinct from the
//! per-call confirmation gate in [`crate::confirmation`].

use std::collections::BTreeSet;

use serde::Serialize;

/// Tools that only read (seed §6, frozen).
pub const READONLY_TOOLS: &[&str] = &[
    "read_file",
    "search_files",
    "search_content",
    "git_status",
    "git_diff",
    "git_log",
    "web_search",
    "web_fetch",
    "show_plan",
    "search_memory",
    "get_identity",
    "get_awareness",
    "query_knowledge",
    "query_audit",
    "list_skills",
    "search_skills",
    "list_connectors",
    "list_harnesses",
];

/// A blacklist and an optional whitelist of tool names. Shown in status
/// output as `{deny, allowOnly}`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct PermissionManager {
    #[serde(rename = "deny")]
    blacklist: BTreeSet<String>,
    #[serde(rename = "allowOnly")]
    whitelist: Option<BTreeSet<String>>,
}

impl PermissionManager {
    pub fn new<B, W, S>(blacklist: B, whitelist: Option<W>) -> Self
    where
        B: IntoIterator<Item = S>,
        W: IntoIterator<Item = S>,
        S: Into<String>,
    {
        PermissionManager {
            blacklist: blacklist.into_iter().map(Into::into).collect(),
            whitelist: whitelist.map(|w| w.into_iter().map(Into::into).collect()),
        }
    }

    /// The read-only sandbox: only [`READONLY_TOOLS`].
    pub fn sandbox() -> Self {
        PermissionManager {
            blacklist: BTreeSet::new(),
            whitelist: Some(READONLY_TOOLS.iter().map(|s| (*s).to_owned()).collect()),
        }
    }

    /// Not blacklisted, and whitelisted when there is a whitelist.
    pub fn is_allowed(&self, tool: &str) -> bool {
        !self.blacklist.contains(tool) && self.whitelist.as_ref().is_none_or(|w| w.contains(tool))
    }

    /// The allowed subset, in the order given.
    pub fn filter_tools<T: AsRef<str>>(&self, tools: impl IntoIterator<Item = T>) -> Vec<T> {
        tools
            .into_iter()
            .filter(|t| self.is_allowed(t.as_ref()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blacklist_beats_whitelist() {
        let pm = PermissionManager::new(["bash"], Some(["bash", "read_file"]));
        assert!(!pm.is_allowed("bash"));
        assert!(pm.is_allowed("read_file"));
        assert!(!pm.is_allowed("write_file"));
    }

    #[test]
    fn no_whitelist_allows_all_but_the_blacklist() {
        let pm = PermissionManager::new(["git_push"], None::<Vec<&str>>);
        assert!(pm.is_allowed("anything"));
        assert!(!pm.is_allowed("git_push"));
    }

    #[test]
    fn sandbox_keeps_read_only_tools_in_order() {
        let pm = PermissionManager::sandbox();
        let tools = ["write_file", "read_file", "bash", "git_log"];
        assert_eq!(pm.filter_tools(tools), vec!["read_file", "git_log"]);
    }
}
