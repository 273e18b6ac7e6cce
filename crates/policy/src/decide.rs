//! One decision for one call: the tool filter, then rule files, then
//! autonomy, with the critical list over all of them.
//!
//! - A tool the [`PermissionManager`] forbids is denied.
//! - A matching rule applies before autonomy: `deny` denies, `ask` asks at
//!   every level, `allow` runs the call without a click, except that no
//!   rule can auto-pass what the critical list protects.
//! - Otherwise autonomy decides: normal asks for all that
//!   [`needs_confirmation`](crate::confirmation::needs_confirmation) flags,
//!   trusted and yolo pre-approve more, and critical calls always ask.

use serde::Serialize;
use serde_json::Value;

use crate::annotations::ToolAnnotations;
use crate::confirmation::{ApprovalClass, AutonomyLevel, assess_call, autonomy_passes};
use crate::permissions::PermissionManager;
use crate::rules::{RuleDecision, RuleSet};

/// Whether the call runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Runs with no prompt.
    Auto,
    /// Held until a human approves it.
    Confirm,
    /// Refused.
    Deny,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Auto => "auto",
            Verdict::Confirm => "confirm",
            Verdict::Deny => "deny",
        }
    }
}

/// The gate's answer for one call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Decision {
    pub decision: Verdict,
    pub approval_class: ApprovalClass,
    /// On the critical list: asks a human at every autonomy level.
    pub critical: bool,
    /// Why, in order: the deciding rule or level first, then the analysis.
    pub reasons: Vec<String>,
    /// The id of the rule that decided, if one did.
    pub rule: Option<String>,
    /// Set when elevated autonomy pre-approved a call that normal would
    /// gate: the caller shows `⚡ <tool> auto-approved (<level>)` and audits
    /// an `approval_auto` row.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto_approved: Option<AutonomyLevel>,
}

/// What a decision depends on besides the call itself.
#[derive(Debug, Clone, Copy, Default)]
pub struct DecisionContext<'a> {
    /// The level in force (an override already resolved against the clock).
    pub autonomy: AutonomyLevel,
    pub rules: Option<&'a RuleSet>,
    pub permissions: Option<&'a PermissionManager>,
    /// The annotations of the upstream MCP tool being called, when known.
    pub tool_hints: Option<&'a ToolAnnotations>,
}

/// Decides one call.
pub fn decide(tool: &str, args: &Value, ctx: &DecisionContext<'_>) -> Decision {
    let a = assess_call(tool, args, ctx.tool_hints);
    let mut decision = Decision {
        decision: Verdict::Confirm,
        approval_class: a.approval_class,
        critical: a.critical,
        reasons: Vec::with_capacity(a.reasons.len() + 1),
        rule: None,
        auto_approved: None,
    };
    if ctx.permissions.is_some_and(|pm| !pm.is_allowed(tool)) {
        decision.decision = Verdict::Deny;
        decision.reasons.push(format!(
            "{tool} is not permitted by this agent's tool filter"
        ));
        return decision;
    }
    if let Some(hit) = ctx.rules.and_then(|r| r.evaluate(tool, args)) {
        decision.rule = Some(hit.id.to_owned());
        decision.decision = match hit.decision {
            RuleDecision::Deny => Verdict::Deny,
            RuleDecision::Ask => Verdict::Confirm,
            RuleDecision::Allow if a.critical => Verdict::Confirm,
            RuleDecision::Allow => Verdict::Auto,
        };
        let lead = if hit.decision == RuleDecision::Allow && a.critical {
            format!(
                "rule `{}` allows this, but no rule can auto-pass the critical list",
                hit.id
            )
        } else {
            format!(
                "rule `{}` says {}: {}",
                hit.id,
                hit.decision.as_str(),
                hit.justification
            )
        };
        decision.reasons.push(lead);
        decision.reasons.extend(a.reasons);
        return decision;
    }
    let level = ctx.autonomy;
    if !a.needs_confirmation {
        decision.decision = Verdict::Auto;
    } else if autonomy_passes(&a, level) {
        decision.decision = Verdict::Auto;
        decision.auto_approved = Some(level);
        decision
            .reasons
            .push(format!("pre-approved by {level} autonomy"));
    } else if a.critical {
        decision
            .reasons
            .push("on the critical list: a human is asked at every autonomy level".to_owned());
    } else {
        decision
            .reasons
            .push(format!("{level} autonomy asks a human for this"));
    }
    decision.reasons.extend(a.reasons);
    decision
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const RULES: &str = r#"
[[rule]]
id = "allow-everything-bash"
tool = "bash"
decision = "allow"
justification = "A careless operator."
match = [{ tool = "bash", args = { command = "ls" } }]

[[rule]]
id = "ask-docx"
tool = "generate_docx"
decision = "ask"
justification = "Documents go to customers."
match = [{ tool = "generate_docx" }]

[[rule]]
id = "deny-email"
tool = "connector_*_send_email"
decision = "deny"
justification = "No outbound email."
match = [{ tool = "connector_gmail_send_email" }]
"#;

    fn ctx<'a>(level: AutonomyLevel, rules: Option<&'a RuleSet>) -> DecisionContext<'a> {
        DecisionContext {
            autonomy: level,
            rules,
            permissions: None,
            tool_hints: None,
        }
    }

    #[test]
    fn no_rule_auto_passes_the_critical_list() {
        let rules = RuleSet::from_toml_str(RULES).unwrap();
        let d = decide(
            "bash",
            &json!({"command": "rm -rf /"}),
            &ctx(AutonomyLevel::Yolo, Some(&rules)),
        );
        assert_eq!(d.decision, Verdict::Confirm);
        assert!(d.critical);
        assert_eq!(d.rule.as_deref(), Some("allow-everything-bash"));
        let d = decide(
            "bash",
            &json!({"command": "make"}),
            &ctx(AutonomyLevel::Normal, Some(&rules)),
        );
        assert_eq!(d.decision, Verdict::Auto);
        assert_eq!(d.auto_approved, None);
    }

    #[test]
    fn rules_apply_before_autonomy() {
        let rules = RuleSet::from_toml_str(RULES).unwrap();
        let d = decide(
            "generate_docx",
            &json!({}),
            &ctx(AutonomyLevel::Yolo, Some(&rules)),
        );
        assert_eq!(
            (d.decision, d.rule.as_deref()),
            (Verdict::Confirm, Some("ask-docx"))
        );
        let d = decide(
            "connector_gmail_send_email",
            &json!({}),
            &ctx(AutonomyLevel::Yolo, Some(&rules)),
        );
        assert_eq!(d.decision, Verdict::Deny);
        assert!(d.reasons[0].contains("No outbound email."));
    }

    #[test]
    fn elevated_autonomy_marks_what_it_pre_approved() {
        let d = decide(
            "write_file",
            &json!({"path": "a"}),
            &ctx(AutonomyLevel::Trusted, None),
        );
        assert_eq!(
            (d.decision, d.auto_approved),
            (Verdict::Auto, Some(AutonomyLevel::Trusted))
        );
        let d = decide(
            "read_file",
            &json!({"path": "a"}),
            &ctx(AutonomyLevel::Yolo, None),
        );
        assert_eq!((d.decision, d.auto_approved), (Verdict::Auto, None));
    }

    #[test]
    fn the_tool_filter_denies_first() {
        let pm = PermissionManager::sandbox();
        let c = DecisionContext {
            autonomy: AutonomyLevel::Yolo,
            rules: None,
            permissions: Some(&pm),
            tool_hints: None,
        };
        assert_eq!(decide("write_file", &json!({}), &c).decision, Verdict::Deny);
        assert_eq!(decide("read_file", &json!({}), &c).decision, Verdict::Auto);
    }
}
