//! Skills in the Agent Skills format: a `SKILL.md` whose YAML front matter
//! carries `name` (lowercase letters, digits and hyphens, at most 64) and
//! `description` (at most 1,024 characters), followed by Markdown
//! instructions. The starter pack ships in `data/skills/<name>/SKILL.md`.

use serde::Serialize;

use crate::CatalogError;

/// The largest SKILL.md accepted.
pub const MAX_SKILL_BYTES: usize = 256 * 1024;
const MAX_NAME: usize = 64;
const MAX_DESCRIPTION: usize = 1024;

/// A parsed skill.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Skill {
    pub name: String,
    pub description: String,
    /// The whole file, front matter included.
    pub content: String,
}

/// Whether `name` is a valid skill name.
pub fn valid_skill_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME
        && !name.starts_with('-')
        && !name.ends_with('-')
        && !name.contains("--")
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Parses a SKILL.md; every failure names what is wrong.
pub fn parse_skill(text: &str) -> Result<Skill, CatalogError> {
    let bad = |m: &str| CatalogError::Data(format!("SKILL.md: {m}"));
    if text.len() > MAX_SKILL_BYTES {
        return Err(bad("larger than 256 KiB"));
    }
    if text.contains('\0') {
        return Err(bad("contains a NUL byte"));
    }
    let body = text.trim_start_matches('\u{feff}');
    let rest = body
        .strip_prefix("---\n")
        .or_else(|| body.strip_prefix("---\r\n"))
        .ok_or_else(|| bad("must start with a `---` front matter block"))?;
    let end = rest
        .find("\n---")
        .ok_or_else(|| bad("front matter is not closed by `---`"))?;
    let (mut name, mut description) = (None, None);
    for line in rest[..end].lines() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let Some((key, value)) = line.split_once(':') else {
            continue;
        };
        let value = unquote(value.trim());
        match key.trim() {
            "name" => name = Some(value),
            "description" => description = Some(value),
            _ => {}
        }
    }
    let name = name.ok_or_else(|| bad("front matter has no `name`"))?;
    if !valid_skill_name(&name) {
        return Err(bad(&format!(
            "name `{}` must be 1-64 lowercase letters, digits and single hyphens",
            name.chars().take(80).collect::<String>()
        )));
    }
    let description = description.ok_or_else(|| bad("front matter has no `description`"))?;
    if description.is_empty() || description.chars().count() > MAX_DESCRIPTION {
        return Err(bad("description must be 1-1024 characters"));
    }
    Ok(Skill {
        name,
        description,
        content: text.to_owned(),
    })
}

fn unquote(v: &str) -> String {
    let quoted = v.len() >= 2
        && ((v.starts_with('"') && v.ends_with('"')) || (v.starts_with('\'') && v.ends_with('\'')));
    if quoted {
        v[1..v.len() - 1].to_owned()
    } else {
        v.to_owned()
    }
}

macro_rules! starter {
    ($($id:literal),* $(,)?) => {
        &[$(($id, include_str!(concat!("../data/skills/", $id, "/SKILL.md")))),*]
    };
}

const STARTER: &[(&str, &str)] = starter![
    "api-documentation",
    "code-review",
    "commit-message",
    "csv-data-cleanup",
    "email-draft",
    "github-issue-triage",
    "incident-postmortem",
    "meeting-notes",
    "pr-description",
    "release-notes",
    "research-brief",
    "risk-assessment",
    "test-plan",
    "weekly-digest",
];

/// The starter pack: skills hivegate ships and may install without a
/// marketplace (the only source `install_capability` accepts).
pub fn starter_pack() -> Result<Vec<Skill>, CatalogError> {
    STARTER
        .iter()
        .map(|(dir, text)| {
            let s = parse_skill(text)?;
            if s.name != *dir {
                return Err(CatalogError::Data(format!(
                    "skills/{dir}/SKILL.md is named `{}`",
                    s.name
                )));
            }
            Ok(s)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_front_matter() {
        let s =
            parse_skill("---\nname: my-skill\ndescription: \"Does: things\"\n---\nbody").unwrap();
        assert_eq!(
            (s.name.as_str(), s.description.as_str()),
            ("my-skill", "Does: things")
        );
    }

    #[test]
    fn hostile_skill_files_are_refused_with_reasons() {
        for (text, why) in [
            ("no front matter", "front matter"),
            ("---\nname: x\n", "not closed"),
            ("---\ndescription: d\n---\n", "no `name`"),
            ("---\nname: ../etc\ndescription: d\n---\n", "lowercase"),
            ("---\nname: Big\ndescription: d\n---\n", "lowercase"),
            ("---\nname: ok\n---\n", "no `description`"),
            ("---\nname: ok\ndescription: \n---\n", "1-1024"),
            ("---\nname: a\0b\ndescription: d\n---\n", "NUL"),
        ] {
            let e = parse_skill(text).unwrap_err().to_string();
            assert!(e.contains(why), "{text:?}: {e}");
        }
        let huge = format!(
            "---\nname: a\ndescription: d\n---\n{}",
            "x".repeat(MAX_SKILL_BYTES)
        );
        assert!(
            parse_skill(&huge)
                .unwrap_err()
                .to_string()
                .contains("256 KiB")
        );
        let long = format!("---\nname: a\ndescription: {}\n---\n", "x".repeat(1025));
        assert!(parse_skill(&long).is_err());
    }
}
