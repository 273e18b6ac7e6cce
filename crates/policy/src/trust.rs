//! The trust model (seed §5): source trust (provenance) and execution risk
//! (what the content does) are scored independently, then summed into a
//! risk level and an approval class. This powers the risk badge on install
//! cards and the `_riskLevel` an install carries to the gate.

use std::sync::LazyLock;

use regex::Regex;
use serde::{Deserialize, Serialize};

use crate::confirmation::ApprovalClass;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RiskLevel {
    Low,
    Medium,
    High,
}

impl RiskLevel {
    pub fn as_str(self) -> &'static str {
        match self {
            RiskLevel::Low => "low",
            RiskLevel::Medium => "medium",
            RiskLevel::High => "high",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrustSource {
    Builtin,
    StarterPack,
    LocalUser,
    ThirdPartyVerified,
    ThirdPartyUnverified,
    Unknown,
}

impl TrustSource {
    pub fn as_str(self) -> &'static str {
        match self {
            TrustSource::Builtin => "builtin",
            TrustSource::StarterPack => "starter_pack",
            TrustSource::LocalUser => "local_user",
            TrustSource::ThirdPartyVerified => "third_party_verified",
            TrustSource::ThirdPartyUnverified => "third_party_unverified",
            TrustSource::Unknown => "unknown",
        }
    }

    fn label(self) -> &'static str {
        match self {
            TrustSource::Builtin => "Built-in",
            TrustSource::StarterPack => "Starter pack",
            TrustSource::LocalUser => "Local (you)",
            TrustSource::ThirdPartyVerified => "Third party (verified)",
            TrustSource::ThirdPartyUnverified => "Third party (unverified)",
            TrustSource::Unknown => "Unknown",
        }
    }
}

/// Source risk points (SOURCE_RISK_POINTS).
pub fn source_risk_points(source: TrustSource) -> u32 {
    match source {
        TrustSource::Builtin | TrustSource::StarterPack => 0,
        TrustSource::LocalUser => 1,
        TrustSource::ThirdPartyVerified => 2,
        TrustSource::ThirdPartyUnverified => 4,
        TrustSource::Unknown => 5,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AssessmentMode {
    Declared,
    Heuristic,
    Mixed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RiskFactor {
    LocalCodeExecution,
    FilesystemAccess,
    NetworkAccess,
    ExternalServiceAccess,
    SecretAccess,
    BrowserAutomation,
    UnknownSource,
    MissingMetadata,
    UnverifiedPublisher,
}

/// What a capability may touch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PermissionSummary {
    pub file_system: bool,
    pub network: bool,
    pub code_execution: bool,
    pub external_services: bool,
    pub secrets: bool,
    pub browser_automation: bool,
}

impl PermissionSummary {
    fn union(self, o: PermissionSummary) -> PermissionSummary {
        PermissionSummary {
            file_system: self.file_system || o.file_system,
            network: self.network || o.network,
            code_execution: self.code_execution || o.code_execution,
            external_services: self.external_services || o.external_services,
            secrets: self.secrets || o.secrets,
            browser_automation: self.browser_automation || o.browser_automation,
        }
    }

    /// Each permission with its risk points (PERMISSION_RISK_POINTS), factor
    /// and label.
    fn entries(self) -> [(bool, u32, RiskFactor, &'static str); 6] {
        [
            (
                self.file_system,
                1,
                RiskFactor::FilesystemAccess,
                "file system",
            ),
            (self.network, 1, RiskFactor::NetworkAccess, "network"),
            (
                self.code_execution,
                2,
                RiskFactor::LocalCodeExecution,
                "code execution",
            ),
            (
                self.external_services,
                1,
                RiskFactor::ExternalServiceAccess,
                "external services",
            ),
            (self.secrets, 2, RiskFactor::SecretAccess, "secrets"),
            (
                self.browser_automation,
                1,
                RiskFactor::BrowserAutomation,
                "browser automation",
            ),
        ]
    }
}

/// Permission risk points (PERMISSION_RISK_POINTS), in field order:
/// fileSystem, network, codeExecution, externalServices, secrets,
/// browserAutomation.
pub const PERMISSION_RISK_POINTS: [(&str, u32); 6] = [
    ("fileSystem", 1),
    ("network", 1),
    ("codeExecution", 2),
    ("externalServices", 1),
    ("secrets", 2),
    ("browserAutomation", 1),
];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TrustAssessment {
    pub risk_level: RiskLevel,
    pub trust_source: TrustSource,
    pub permissions: PermissionSummary,
    pub approval_class: ApprovalClass,
    pub assessment_mode: AssessmentMode,
    pub explanation: String,
    pub factors: Vec<RiskFactor>,
}

/// What [`assess_trust`] looks at.
#[derive(Debug, Clone, Copy)]
pub struct TrustInput<'a> {
    pub trust_source: TrustSource,
    /// The capability's text (SKILL.md body, tool description, manifest).
    pub content: &'a str,
    /// Permissions the publisher declared, merged (OR) with detected ones.
    pub declared_permissions: Option<PermissionSummary>,
}

// The patterns are constants, compiled in `patterns_compile_and_detect`.
// Word boundaries are ASCII ones, as `\b` is in the seed's JavaScript:
// a Unicode `\b` sends every text with a non-ASCII letter to the regex
// crate's slowest engine (ten times slower over the real marketplace's
// texts, and most of a pick's time without the model). A letter such as
// `é` then ends a word, which can only find a permission more often.
#[allow(clippy::expect_used)]
fn pattern(re: &str) -> Regex {
    Regex::new(&re.replace(r"\b", r"(?-u:\b)")).expect("trust patterns are valid constants")
}

static FS_PATTERNS: LazyLock<Regex> = LazyLock::new(|| {
    pattern(
        r"(?i)\b(read_file|write_file|edit_file|readfile|writefile|fs\.|file ?system|directory|directories|mkdir|unlink|rmdir|filesystem|local files?|save (?:it )?to disk)\b",
    )
});
static NET_PATTERNS: LazyLock<Regex> = LazyLock::new(|| {
    pattern(
        r"(?i)(\bhttps?://|\bfetch\(|\bcurl\b|\bwget\b|\baxios\b|\bhttp request|\bweb_fetch\b|\bwebsocket|\bdownload|\bupload|\bapi call|\brest api\b|\bnetwork\b)",
    )
});
static EXEC_PATTERNS: LazyLock<Regex> = LazyLock::new(|| {
    pattern(
        r"(?i)(\bexec(sync)?\(|\bspawn\(|child_process|\bsubprocess\b|os\.system|\beval\(|\bbash\b|\bshell\b|\bpowershell\b|\brun (a |the )?commands?\b|\bterminal\b|\bexecute (code|scripts?|commands?)\b|\bpython -c\b|\bnode -e\b)",
    )
});
static EXT_SERVICE_PATTERNS: LazyLock<Regex> = LazyLock::new(|| {
    pattern(
        r"(?i)\b(slack|github|gitlab|jira|gmail|outlook|notion|salesforce|hubspot|stripe|twilio|discord|linear|asana|trello|dropbox|google (drive|docs|sheets|calendar)|oauth|webhooks?|third[- ]party (api|service)s?)\b",
    )
});
static SECRET_PATTERNS: LazyLock<Regex> = LazyLock::new(|| {
    pattern(
        r"(?i)(\bapi[_ -]?keys?\b|\bsecrets?\b|\bpasswords?\b|\baccess[_ -]?tokens?\b|\bbearer\b|\bcredentials?\b|\bprivate[_ -]?keys?\b|\.env\b|\bvault\b|\bkeychain\b|\bssh[_ -]keys?\b)",
    )
});
static BROWSER_PATTERNS: LazyLock<Regex> = LazyLock::new(|| {
    pattern(
        r"(?i)\b(puppeteer|playwright|selenium|headless (browser|chrome|chromium)|browser automation|chromium|webdriver|click (on )?the|fill (in|out) (the )?form|navigate to)\b",
    )
});

/// Detects permissions from text with the six pattern sets.
pub fn detect_permissions(content: &str) -> PermissionSummary {
    PermissionSummary {
        file_system: FS_PATTERNS.is_match(content),
        network: NET_PATTERNS.is_match(content),
        code_execution: EXEC_PATTERNS.is_match(content),
        external_services: EXT_SERVICE_PATTERNS.is_match(content),
        secrets: SECRET_PATTERNS.is_match(content),
        browser_automation: BROWSER_PATTERNS.is_match(content),
    }
}

/// `classifyRisk(points)`: ≤2 low, ≤4 medium, 5+ high.
pub fn classify_risk(points: u32) -> RiskLevel {
    match points {
        0..=2 => RiskLevel::Low,
        3..=4 => RiskLevel::Medium,
        _ => RiskLevel::High,
    }
}

/// `deriveApprovalClass`: low → standard, medium → elevated, high → critical.
pub fn derive_approval_class(risk: RiskLevel) -> ApprovalClass {
    match risk {
        RiskLevel::Low => ApprovalClass::Standard,
        RiskLevel::Medium => ApprovalClass::Elevated,
        RiskLevel::High => ApprovalClass::Critical,
    }
}

/// Scores a capability: source points + permission points (+1 and
/// `missing_metadata` for empty non-builtin content).
pub fn assess_trust(input: &TrustInput<'_>) -> TrustAssessment {
    let detected = detect_permissions(input.content);
    let permissions = match input.declared_permissions {
        Some(d) => d.union(detected),
        None => detected,
    };
    let assessment_mode = match input.declared_permissions {
        None => AssessmentMode::Heuristic,
        Some(d) if d.union(detected) == d => AssessmentMode::Declared,
        Some(_) => AssessmentMode::Mixed,
    };
    let mut points = source_risk_points(input.trust_source);
    let mut factors = Vec::new();
    match input.trust_source {
        TrustSource::Unknown => factors.push(RiskFactor::UnknownSource),
        TrustSource::ThirdPartyUnverified => factors.push(RiskFactor::UnverifiedPublisher),
        _ => {}
    }
    for (on, pts, factor, _) in permissions.entries() {
        if on {
            points += pts;
            factors.push(factor);
        }
    }
    if input.trust_source != TrustSource::Builtin && input.content.trim().is_empty() {
        points += 1;
        factors.push(RiskFactor::MissingMetadata);
    }
    let risk_level = classify_risk(points);
    let approval_class = derive_approval_class(risk_level);
    let explanation = format!(
        "{} source ({} pts) with {} ({} pts total): {} risk",
        input.trust_source.label(),
        source_risk_points(input.trust_source),
        active_list(permissions).unwrap_or_else(|| "no detected permissions".to_owned()),
        points,
        risk_level.as_str()
    );
    TrustAssessment {
        risk_level,
        trust_source: input.trust_source,
        permissions,
        approval_class,
        assessment_mode,
        explanation,
        factors,
    }
}

fn active_list(p: PermissionSummary) -> Option<String> {
    let names: Vec<&str> = p
        .entries()
        .iter()
        .filter(|(on, ..)| *on)
        .map(|(_, _, _, label)| *label)
        .collect();
    (!names.is_empty()).then(|| names.join(", "))
}

/// Where a capability comes from, as the acquisition lanes label it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CapabilitySourceType {
    Native,
    Skill,
    Plugin,
    Mcp,
    Connector,
    Marketplace,
}

/// `resolveTrustSource(type, source)`: provenance from the candidate's type
/// and origin label.
pub fn resolve_trust_source(kind: CapabilitySourceType, source: &str) -> TrustSource {
    if kind == CapabilitySourceType::Native {
        return TrustSource::Builtin;
    }
    match source.trim().to_ascii_lowercase().as_str() {
        "native-tools" | "builtin" | "built-in" => TrustSource::Builtin,
        "starter-pack" => TrustSource::StarterPack,
        "installed" | "user-created" | "local" => TrustSource::LocalUser,
        "verified" | "marketplace-verified" | "official" => TrustSource::ThirdPartyVerified,
        "marketplace" | "github" | "url" | "mcp" | "npm" | "registry" => {
            TrustSource::ThirdPartyUnverified
        }
        _ => TrustSource::Unknown,
    }
}

/// `formatTrustSummary`: the compact block on an install card.
pub fn format_trust_summary(a: &TrustAssessment) -> String {
    let risk = match a.risk_level {
        RiskLevel::Low => "Low",
        RiskLevel::Medium => "Medium",
        RiskLevel::High => "High",
    };
    let mode = match a.assessment_mode {
        AssessmentMode::Declared => "declared",
        AssessmentMode::Heuristic => "heuristic",
        AssessmentMode::Mixed => "mixed",
    };
    let approval = match a.approval_class {
        ApprovalClass::Standard => "Standard",
        ApprovalClass::Elevated => "Elevated",
        ApprovalClass::Critical => "Critical",
    };
    let mut out = format!(
        "Risk: **{risk}** ({mode}) | Source: {} | Approval: {approval}",
        a.trust_source.label()
    );
    if let Some(list) = active_list(a.permissions) {
        out.push_str("\nPermissions: ");
        out.push_str(&list);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(source: TrustSource, content: &str) -> TrustInput<'_> {
        TrustInput {
            trust_source: source,
            content,
            declared_permissions: None,
        }
    }

    #[test]
    fn patterns_compile_and_detect() {
        let p = detect_permissions(
            "Runs a bash command, fetches https://x.test, reads your API key from .env and posts to Slack with playwright, then writes a file system cache",
        );
        assert_eq!(
            p,
            PermissionSummary {
                file_system: true,
                network: true,
                code_execution: true,
                external_services: true,
                secrets: true,
                browser_automation: true
            }
        );
        assert_eq!(
            detect_permissions("Summarise meeting notes into bullet points."),
            PermissionSummary::default()
        );
        // Non-ASCII text around the words changes nothing; inside a word,
        // a match needs the whole word.
        let p = detect_permissions("Überblick: posts to Slack (中文) and reads passwords 🚀");
        assert!(p.external_services && p.secrets && !p.network);
        assert!(!detect_permissions("slackline bashful").external_services);
        assert!(!detect_permissions("slackline bashful").code_execution);
    }

    #[test]
    fn scores_follow_the_seed_table() {
        assert_eq!(classify_risk(2), RiskLevel::Low);
        assert_eq!(classify_risk(3), RiskLevel::Medium);
        assert_eq!(classify_risk(4), RiskLevel::Medium);
        assert_eq!(classify_risk(5), RiskLevel::High);
        let a = assess_trust(&input(TrustSource::StarterPack, "Summarise notes."));
        assert_eq!(
            (a.risk_level, a.approval_class),
            (RiskLevel::Low, ApprovalClass::Standard)
        );
        // unverified (4) + code execution (2) = 6 → high → critical.
        let a = assess_trust(&input(
            TrustSource::ThirdPartyUnverified,
            "runs shell commands",
        ));
        assert_eq!(
            (a.risk_level, a.approval_class),
            (RiskLevel::High, ApprovalClass::Critical)
        );
        assert!(a.factors.contains(&RiskFactor::UnverifiedPublisher));
        assert!(a.factors.contains(&RiskFactor::LocalCodeExecution));
    }

    #[test]
    fn empty_non_builtin_content_is_missing_metadata() {
        let a = assess_trust(&input(TrustSource::LocalUser, "  "));
        assert!(a.factors.contains(&RiskFactor::MissingMetadata));
        assert_eq!(a.risk_level, RiskLevel::Low); // 1 + 1
        let b = assess_trust(&input(TrustSource::Builtin, ""));
        assert!(!b.factors.contains(&RiskFactor::MissingMetadata));
        let c = assess_trust(&input(TrustSource::Unknown, ""));
        assert_eq!(c.risk_level, RiskLevel::High);
        assert!(c.factors.contains(&RiskFactor::UnknownSource));
    }

    #[test]
    fn declared_permissions_merge_and_set_the_mode() {
        let declared = PermissionSummary {
            network: true,
            ..Default::default()
        };
        let a = assess_trust(&TrustInput {
            trust_source: TrustSource::LocalUser,
            content: "calls a REST API",
            declared_permissions: Some(declared),
        });
        assert_eq!(a.assessment_mode, AssessmentMode::Declared);
        let b = assess_trust(&TrustInput {
            trust_source: TrustSource::LocalUser,
            content: "reads your password",
            declared_permissions: Some(declared),
        });
        assert_eq!(b.assessment_mode, AssessmentMode::Mixed);
        assert!(b.permissions.secrets && b.permissions.network);
    }

    #[test]
    fn trust_source_resolution_and_summary() {
        assert_eq!(
            resolve_trust_source(CapabilitySourceType::Native, "anything"),
            TrustSource::Builtin
        );
        assert_eq!(
            resolve_trust_source(CapabilitySourceType::Skill, "starter-pack"),
            TrustSource::StarterPack
        );
        assert_eq!(
            resolve_trust_source(CapabilitySourceType::Skill, "installed"),
            TrustSource::LocalUser
        );
        assert_eq!(
            resolve_trust_source(CapabilitySourceType::Marketplace, "marketplace"),
            TrustSource::ThirdPartyUnverified
        );
        assert_eq!(
            resolve_trust_source(CapabilitySourceType::Mcp, "???"),
            TrustSource::Unknown
        );
        let a = assess_trust(&input(
            TrustSource::ThirdPartyUnverified,
            "runs shell commands",
        ));
        assert_eq!(
            format_trust_summary(&a),
            "Risk: **High** (heuristic) | Source: Third party (unverified) | Approval: Critical\nPermissions: code execution"
        );
    }
}
