//! Subscription tiers (seed §10): whether a plan includes a feature at all.
//! Orthogonal to confirmation: the tier decides whether the door exists,
//! autonomy whether it needs a key turn each time.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "UPPERCASE")]
pub enum Tier {
    /// The default, and what an unreadable tier means.
    #[default]
    Free,
    Pro,
    Teams,
    Enterprise,
    /// PRO features for [`TRIAL_PERIOD_MS`], then FREE.
    Trial,
}

impl Tier {
    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Free => "FREE",
            Tier::Pro => "PRO",
            Tier::Teams => "TEAMS",
            Tier::Enterprise => "ENTERPRISE",
            Tier::Trial => "TRIAL",
        }
    }

    /// Rank for comparisons: a running trial counts as PRO.
    fn rank(self) -> u8 {
        match self {
            Tier::Free => 0,
            Tier::Pro | Tier::Trial => 1,
            Tier::Teams => 2,
            Tier::Enterprise => 3,
        }
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown tier `{0}`: expected FREE, PRO, TEAMS, ENTERPRISE or TRIAL")]
pub struct UnknownTier(pub String);

impl FromStr for Tier {
    type Err = UnknownTier;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_uppercase().as_str() {
            "FREE" => Ok(Tier::Free),
            "PRO" => Ok(Tier::Pro),
            "TEAMS" => Ok(Tier::Teams),
            "ENTERPRISE" => Ok(Tier::Enterprise),
            "TRIAL" => Ok(Tier::Trial),
            _ => Err(UnknownTier(s.chars().take(64).collect())),
        }
    }
}

/// How long a trial lasts: 14 days.
pub const TRIAL_PERIOD_MS: i64 = 14 * 24 * 60 * 60 * 1000;

/// Where the 403 body sends the user to upgrade.
pub const UPGRADE_URL: &str = "https://waggle-os.ai/upgrade";

/// `getEffectiveTier(tier, trialStartedAt)`: a trial decays to FREE when its
/// period ends, or when its start is unknown (fail closed).
pub fn get_effective_tier(tier: Tier, trial_started_at_ms: Option<i64>, now_ms: i64) -> Tier {
    match (tier, trial_started_at_ms) {
        (Tier::Trial, Some(start)) if now_ms >= start && now_ms - start < TRIAL_PERIOD_MS => {
            Tier::Trial
        }
        (Tier::Trial, _) => Tier::Free,
        (t, _) => t,
    }
}

/// The 403 body of `requireTier` (seed §10), exactly:
/// `{error: "TIER_INSUFFICIENT", message, required, actual, upgradeUrl}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "camelCase")]
#[error("{message}")]
pub struct TierInsufficient {
    pub error: String,
    pub message: String,
    pub required: Tier,
    pub actual: Tier,
    pub upgrade_url: String,
}

impl TierInsufficient {
    pub const CODE: &'static str = "TIER_INSUFFICIENT";

    pub fn new(required: Tier, actual: Tier) -> Self {
        TierInsufficient {
            error: Self::CODE.to_owned(),
            message: format!("This feature requires the {required} tier. You are on {actual}."),
            required,
            actual,
            upgrade_url: UPGRADE_URL.to_owned(),
        }
    }
}

/// `assertTierCapability`: passes when `actual` (already effective) is at
/// least `required`.
pub fn assert_tier_capability(actual: Tier, required: Tier) -> Result<(), TierInsufficient> {
    if actual.rank() >= required.rank() {
        Ok(())
    } else {
        Err(TierInsufficient::new(required, actual))
    }
}

/// What a tier includes (TIER_CAPABILITIES).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TierCapabilities {
    pub marketplace_install: bool,
    pub marketplace_publish: bool,
    pub custom_personas: bool,
    pub cost_by_workspace: bool,
    pub cloud_sync: bool,
    pub admin_overview: bool,
    pub audit_export: bool,
    pub team_connect: bool,
    pub governance: bool,
    pub kvark: bool,
    /// Embedding providers the tier may select (seed 001 #10).
    pub embedding_providers: &'static [&'static str],
}

const FREE: TierCapabilities = TierCapabilities {
    marketplace_install: false,
    marketplace_publish: false,
    custom_personas: false,
    cost_by_workspace: false,
    cloud_sync: false,
    admin_overview: false,
    audit_export: false,
    team_connect: false,
    governance: false,
    kvark: false,
    embedding_providers: &["local", "hash"],
};

const PRO: TierCapabilities = TierCapabilities {
    marketplace_install: true,
    marketplace_publish: true,
    custom_personas: true,
    embedding_providers: &["local", "hash", "ollama", "openai"],
    ..FREE
};

const TEAMS: TierCapabilities = TierCapabilities {
    cost_by_workspace: true,
    cloud_sync: true,
    admin_overview: true,
    audit_export: true,
    team_connect: true,
    ..PRO
};

const ENTERPRISE: TierCapabilities = TierCapabilities {
    governance: true,
    kvark: true,
    ..TEAMS
};

/// TIER_CAPABILITIES, by tier (a trial gets PRO's).
pub fn tier_capabilities(tier: Tier) -> &'static TierCapabilities {
    match tier {
        Tier::Free => &FREE,
        Tier::Pro | Tier::Trial => &PRO,
        Tier::Teams => &TEAMS,
        Tier::Enterprise => &ENTERPRISE,
    }
}

/// TIER_CAPABILITIES as a table, for status pages and docs.
pub const TIER_CAPABILITIES: [(Tier, &TierCapabilities); 5] = [
    (Tier::Free, &FREE),
    (Tier::Pro, &PRO),
    (Tier::Teams, &TEAMS),
    (Tier::Enterprise, &ENTERPRISE),
    (Tier::Trial, &PRO),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trial_decays_to_free() {
        let start = 1_000_000;
        assert_eq!(
            get_effective_tier(Tier::Trial, Some(start), start + 1),
            Tier::Trial
        );
        assert_eq!(
            get_effective_tier(Tier::Trial, Some(start), start + TRIAL_PERIOD_MS),
            Tier::Free
        );
        assert_eq!(get_effective_tier(Tier::Trial, None, start), Tier::Free);
        assert_eq!(
            get_effective_tier(Tier::Trial, Some(start), start - 1),
            Tier::Free
        );
        assert_eq!(get_effective_tier(Tier::Teams, None, 0), Tier::Teams);
    }

    #[test]
    fn the_403_body_is_the_seed_shape() {
        let err = assert_tier_capability(Tier::Free, Tier::Pro).unwrap_err();
        assert_eq!(
            serde_json::to_value(&err).unwrap(),
            serde_json::json!({
                "error": "TIER_INSUFFICIENT",
                "message": "This feature requires the PRO tier. You are on FREE.",
                "required": "PRO",
                "actual": "FREE",
                "upgradeUrl": "https://waggle-os.ai/upgrade"
            })
        );
    }

    #[test]
    fn ranks_order_the_tiers() {
        assert!(assert_tier_capability(Tier::Trial, Tier::Pro).is_ok());
        assert!(assert_tier_capability(Tier::Trial, Tier::Teams).is_err());
        assert!(assert_tier_capability(Tier::Enterprise, Tier::Teams).is_ok());
        assert!(assert_tier_capability(Tier::Teams, Tier::Enterprise).is_err());
    }

    #[test]
    fn capabilities_grow_with_the_tier() {
        assert!(
            !tier_capabilities(Tier::Free)
                .embedding_providers
                .contains(&"openai")
        );
        assert!(
            tier_capabilities(Tier::Trial)
                .embedding_providers
                .contains(&"openai")
        );
        assert!(tier_capabilities(Tier::Enterprise).kvark);
        assert!(!tier_capabilities(Tier::Teams).kvark);
        assert_eq!("teams".parse::<Tier>(), Ok(Tier::Teams));
        assert!("GOLD".parse::<Tier>().is_err());
    }
}
