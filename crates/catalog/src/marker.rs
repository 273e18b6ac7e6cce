//! The capability-request marker (§4.3): for installs the agent may not do
//! itself (marketplace, MCP, connector), it writes one line
//!
//! `<!--waggle:capability_request {"name":"…","source":"…","reason":"…"}-->`
//!
//! and the console renders a one-click install card. The marker text is the
//! seed's, kept verbatim so existing front ends keep working; the parser
//! also accepts `hivegate:` in place of `waggle:`.

use serde::{Deserialize, Serialize};

const PREFIXES: [&str; 2] = [
    "<!--waggle:capability_request ",
    "<!--hivegate:capability_request ",
];
const CLOSE: &str = "-->";
/// A marker's JSON longer than this is not a marker.
const MAX_MARKER_JSON: usize = 2048;
pub const MAX_REASON: usize = 140;
/// The sources a marker may name.
pub const MARKER_SOURCES: [&str; 3] = ["marketplace", "mcp", "connector"];

/// One install request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CapabilityRequest {
    pub name: String,
    pub source: String,
    pub reason: String,
}

/// A piece of agent text: plain text, or a request card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Segment {
    Text { text: String },
    Request { request: CapabilityRequest },
}

/// Strips `{}<>`, collapses whitespace, keeps at most 140 characters.
pub fn sanitize_reason(reason: &str) -> String {
    let kept: String = reason
        .chars()
        .filter(|c| !matches!(c, '{' | '}' | '<' | '>') && !c.is_control() || c.is_whitespace())
        .collect();
    let collapsed = kept.split_whitespace().collect::<Vec<_>>().join(" ");
    collapsed.chars().take(MAX_REASON).collect()
}

/// A name a card may show and install: no path syntax, no markup.
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 214
        && !name.contains("..")
        && !name.contains('\\')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '@' | '/'))
}

/// The marker line for a request (name and source must be valid).
pub fn format_marker(name: &str, source: &str, reason: &str) -> Option<String> {
    if !valid_name(name) || !MARKER_SOURCES.contains(&source) {
        return None;
    }
    let json =
        serde_json::json!({"name": name, "source": source, "reason": sanitize_reason(reason)});
    Some(format!("{}{json}{CLOSE}", PREFIXES[0]))
}

/// Splits agent text into text and request segments. A marker with bad
/// JSON, an unknown source or an invalid name stays as text; a request
/// seen before (same source and name) is dropped.
pub fn segment_text(text: &str) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut seen: Vec<(String, String)> = Vec::new();
    let mut buf = String::new();
    let mut rest = text;
    while let Some((at, prefix)) = PREFIXES
        .iter()
        .filter_map(|p| rest.find(p).map(|i| (i, *p)))
        .min_by_key(|(i, _)| *i)
    {
        let after = &rest[at + prefix.len()..];
        let parsed = after.find(CLOSE).and_then(|end| {
            let json = &after[..end];
            (json.len() <= MAX_MARKER_JSON)
                .then(|| serde_json::from_str::<CapabilityRequest>(json.trim()).ok())
                .flatten()
                .filter(|r| valid_name(&r.name) && MARKER_SOURCES.contains(&r.source.as_str()))
                .map(|r| (r, end))
        });
        match parsed {
            Some((mut r, end)) => {
                buf.push_str(&rest[..at]);
                if !buf.trim().is_empty() {
                    out.push(Segment::Text {
                        text: std::mem::take(&mut buf),
                    });
                }
                buf.clear();
                r.reason = sanitize_reason(&r.reason);
                let key = (r.source.clone(), r.name.clone());
                if !seen.contains(&key) {
                    seen.push(key);
                    out.push(Segment::Request { request: r });
                }
                rest = &after[end + CLOSE.len()..];
            }
            None => {
                buf.push_str(&rest[..at + prefix.len()]);
                rest = after;
            }
        }
    }
    buf.push_str(rest);
    if !buf.trim().is_empty() {
        out.push(Segment::Text { text: buf });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_are_sanitised() {
        assert_eq!(sanitize_reason("  a {b} <script>\n\tc  "), "a b script c");
        assert_eq!(sanitize_reason(&"x".repeat(500)).len(), MAX_REASON);
        assert_eq!(
            sanitize_reason("é".repeat(200).as_str()).chars().count(),
            MAX_REASON
        );
    }

    #[test]
    fn round_trip_and_dedup() {
        let m = format_marker("github", "mcp", "to read {issues}").unwrap();
        let text = format!("Try this:\n{m}\nand again {m}\nend");
        let segs = segment_text(&text);
        let requests: Vec<_> = segs
            .iter()
            .filter(|s| matches!(s, Segment::Request { .. }))
            .collect();
        assert_eq!(requests.len(), 1);
        assert!(matches!(&segs[0], Segment::Text { text } if text.starts_with("Try")));
        assert!(matches!(segs.last(), Some(Segment::Text { text }) if text.contains("end")));
    }

    #[test]
    fn hostile_markers_stay_text() {
        for bad in [
            r#"<!--waggle:capability_request {"name":"../../etc","source":"mcp","reason":"x"}-->"#,
            r#"<!--waggle:capability_request {"name":"a","source":"shell","reason":"x"}-->"#,
            r#"<!--waggle:capability_request {not json}-->"#,
            r#"<!--waggle:capability_request {"name":"a","source":"mcp","reason":"x"}"#,
        ] {
            let segs = segment_text(bad);
            assert!(
                segs.iter().all(|s| matches!(s, Segment::Text { .. })),
                "{bad}"
            );
        }
        assert!(format_marker("a b", "mcp", "").is_none());
        assert!(format_marker("a", "starter-pack", "").is_none());
        let ok = r#"x <!--hivegate:capability_request {"name":"slack","source":"connector","reason":"post <b>"}-->"#;
        let segs = segment_text(ok);
        assert!(matches!(&segs[1], Segment::Request { request } if request.reason == "post b"));
    }
}
