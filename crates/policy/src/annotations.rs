//! What an upstream MCP tool's annotations mean for the gate. The MCP
//! spec's defaults apply when a hint is absent: `readOnlyHint` false,
//! `destructiveHint` true, `openWorldHint` true. So a tool without
//! annotations is a destructive write, and is asked about accordingly:
//!
//! - normal: anything not read-only needs a click;
//! - trusted: a destructive one still needs a click;
//! - yolo: auto (the critical list, checked elsewhere, still applies).
//!
//! [`crate::confirmation::assess_call`] applies this to `mcp_*` tools.

use serde::{Deserialize, Serialize};

/// `ToolAnnotations`, as an upstream reports them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolAnnotations {
    pub read_only_hint: Option<bool>,
    pub destructive_hint: Option<bool>,
    pub open_world_hint: Option<bool>,
}

impl ToolAnnotations {
    pub fn read_only(&self) -> bool {
        self.read_only_hint.unwrap_or(false)
    }

    /// Destructive unless it says otherwise (a read-only tool never is).
    pub fn destructive(&self) -> bool {
        !self.read_only() && self.destructive_hint.unwrap_or(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::confirmation::{AutonomyLevel, assess_call, autonomy_passes};
    use serde_json::json;

    fn ann(ro: Option<bool>, de: Option<bool>) -> ToolAnnotations {
        ToolAnnotations {
            read_only_hint: ro,
            destructive_hint: de,
            open_world_hint: None,
        }
    }

    fn asks(hints: Option<&ToolAnnotations>, level: AutonomyLevel) -> bool {
        !autonomy_passes(&assess_call("mcp_fs_tool", &json!({}), hints), level)
    }

    #[test]
    fn annotations_feed_the_gate() {
        use AutonomyLevel::{Normal, Trusted, Yolo};
        let none = ToolAnnotations::default();
        for hints in [None, Some(&none)] {
            assert!(asks(hints, Normal) && asks(hints, Trusted) && !asks(hints, Yolo));
        }
        let read = ann(Some(true), None);
        assert!(!asks(Some(&read), Normal) && !read.destructive());
        let additive = ann(Some(false), Some(false));
        assert!(asks(Some(&additive), Normal) && !asks(Some(&additive), Trusted));
        let destructive = ann(None, Some(true));
        assert!(asks(Some(&destructive), Trusted));
        // A contradictory pair counts as read-only (the stronger claim the
        // upstream made), and never as destructive.
        assert!(!ann(Some(true), Some(true)).destructive());
        let parsed: ToolAnnotations =
            serde_json::from_str(r#"{"readOnlyHint": true, "title": "x"}"#).unwrap();
        assert!(parsed.read_only());
    }
}
