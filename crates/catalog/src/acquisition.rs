//! `search_capabilities` (§3 and the agent-pick recon): a need in plain
//! language → a proposal of what could meet it.
//!
//! Lanes and inclusion thresholds (the seed's four, plus the two agent-pick
//! needs): native tools ≥ 0.15, installed skills ≥ 0.1, starter skills
//! ≥ 0.1, marketplace ≥ 0.1, connectors ≥ 0.1, MCP catalog ≥ 0.1; a need
//! of more than eight keywords is held to them as if it had eight
//! ([`THRESHOLD_KEYWORDS`]), so context around a need does not hide what
//! it matches. A
//! candidate's `matchScore` is the seed's keyword `scoreMatch` (for an
//! entry the need names in the plural, a plural keyword found in the
//! singular too: "emails" in the email connector), raised to
//! the marketplace's full-text rank when that is higher (so the FTS rank
//! is carried through) and to its semantic similarity when embeddings are
//! on; candidates are *ordered* by the hybrid ranker. At most eight are
//! returned, each with a why (`matchReason`), an install action and a trust
//! assessment.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use hivegate_policy::trust::{
    CapabilitySourceType, PermissionSummary, TrustAssessment, TrustInput, assess_trust,
    resolve_trust_source,
};
use serde::Serialize;

use crate::framing::without_frame;
use crate::marker::format_marker;
use crate::need;
use crate::retrieval::fusion::z_normalise;
use crate::retrieval::hybrid::{Hybrid, Scored};
use crate::retrieval::keyword::{extract_keywords, singular_keywords};
use crate::retrieval::spelling::Speller;
use crate::retrieval::tokenize::tokens;
use crate::retrieval::{Doc, lazily_sorted};
use crate::ruled_out::without_ruled_out;

pub const THRESHOLD_NATIVE: f64 = 0.15;
pub const THRESHOLD_INSTALLED: f64 = 0.1;
pub const THRESHOLD_STARTER: f64 = 0.1;
pub const THRESHOLD_MARKETPLACE: f64 = 0.1;
pub const THRESHOLD_CONNECTOR: f64 = 0.1;
pub const THRESHOLD_MCP: f64 = 0.1;
/// A best active candidate at or above this means the need is handled.
pub const ALREADY_HANDLED: f64 = 0.4;
pub const MAX_CANDIDATES: usize = 8;
/// The longest need accepted, in characters; longer needs are cut here and
/// the proposal says so.
pub const MAX_NEED_CHARS: usize = 1000;
/// The cosine at which a candidate counts as semantically relevant. A
/// judgement from reading MiniLM scores on the catalogs, not a fitted value.
pub const SEMANTIC_FLOOR: f64 = 0.35;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CapabilityAvailability {
    Active,
    InstalledInactive,
    Installable,
    Unavailable,
}

/// Which lane an entry is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Lane {
    Native,
    InstalledSkill,
    StarterSkill,
    Marketplace,
    Connector,
    McpCatalog,
}

impl Lane {
    pub fn threshold(self) -> f64 {
        match self {
            Lane::Native => THRESHOLD_NATIVE,
            Lane::InstalledSkill => THRESHOLD_INSTALLED,
            Lane::StarterSkill => THRESHOLD_STARTER,
            Lane::Marketplace => THRESHOLD_MARKETPLACE,
            Lane::Connector => THRESHOLD_CONNECTOR,
            Lane::McpCatalog => THRESHOLD_MCP,
        }
    }
}

/// Something that could meet a need, before a need is known.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub lane: Lane,
    pub name: String,
    /// The capability type shown to users (`CapabilitySourceType`).
    pub kind: CapabilitySourceType,
    pub description: String,
    /// Extra text for matching (hints, tool names, capabilities).
    pub extra: String,
    /// Origin label: native-tools, installed, starter-pack, marketplace, …
    pub source: String,
    pub availability: CapabilityAvailability,
    pub install_action: Option<String>,
    pub declared_permissions: Option<PermissionSummary>,
    /// Requests for it in whole sentences, embedded beside its text
    /// ([`CandidateIndex::example_docs`]).
    pub examples: Vec<String>,
}

impl Entry {
    fn doc(&self) -> Doc {
        Doc {
            id: self.name.clone(),
            text: format!("{}: {} {}", self.name, self.description, self.extra),
        }
    }
}

/// `CapabilityCandidate`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CapabilityCandidate {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: CapabilitySourceType,
    pub lane: Lane,
    pub availability: CapabilityAvailability,
    pub description: String,
    pub source: String,
    pub match_score: f64,
    pub match_reason: String,
    pub install_action: Option<String>,
    pub trust: TrustAssessment,
}

/// `AcquisitionProposal`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AcquisitionProposal {
    pub need: String,
    pub gap_detected: bool,
    pub summary: String,
    pub candidates: Vec<CapabilityCandidate>,
    pub recommendation: Option<CapabilityCandidate>,
    pub already_handled: bool,
    /// Set when the need was cut to [`MAX_NEED_CHARS`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub need_truncated: Option<String>,
    /// The need as it was ranked, when shorthand or misspellings in it
    /// were read as other words ([`CandidateIndex::read`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub need_read_as: Option<String>,
    /// "hybrid" or "bm25-only", and why when it fell back.
    pub ranking: String,
}

/// Every entry, indexed once for the hybrid ranker.
pub struct CandidateIndex {
    pub entries: Vec<Entry>,
    ranker: Hybrid,
    by_name: HashMap<(Lane, String), usize>,
    /// Per entry, the words a need names it by ([`need::name_words`]);
    /// none for the marketplace, whose thousands of user-chosen names
    /// would let a package called `notes` outrank every notes app.
    name_words: Vec<Vec<String>>,
    /// Each lane's entries, in entry order.
    lanes: Vec<(Lane, Vec<usize>)>,
    /// The words of each native tool's text, by entry, which a need's
    /// hint may hold all of ([`CandidateIndex::hint_admits`]).
    native_words: HashMap<usize, HashSet<String>>,
    /// Reads a misspelt need word as a word of the entries we describe
    /// ourselves (every lane but the marketplace, whose thousands of
    /// user-written texts would offer a near word for almost anything).
    speller: Speller,
}

impl CandidateIndex {
    /// Indexes `entries` with `ranker`, built by the caller over
    /// [`CandidateIndex::docs`] of the same entries (so embeddings can be
    /// read from a cache).
    pub fn new(entries: Vec<Entry>, ranker: Hybrid) -> CandidateIndex {
        let by_name = entries
            .iter()
            .enumerate()
            .map(|(i, e)| ((e.lane, e.name.clone()), i))
            .collect();
        let name_words = entries
            .iter()
            .map(|e| match e.lane {
                Lane::Marketplace => Vec::new(),
                _ => need::name_words(&e.name),
            })
            .collect();
        let mut lanes: Vec<(Lane, Vec<usize>)> = Vec::new();
        for (i, e) in entries.iter().enumerate() {
            match lanes.iter_mut().find(|(l, _)| *l == e.lane) {
                Some((_, members)) => members.push(i),
                None => lanes.push((e.lane, vec![i])),
            }
        }
        let mut counts: HashMap<String, usize> = HashMap::new();
        for e in entries.iter().filter(|e| e.lane != Lane::Marketplace) {
            for w in tokens(&e.doc().text).filter(|w| w.chars().all(|c| c.is_ascii_alphabetic())) {
                *counts.entry(w).or_default() += 1;
            }
        }
        let native_words = entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.lane == Lane::Native)
            .map(|(i, e)| (i, tokens(&e.doc().text).collect()))
            .collect();
        CandidateIndex {
            entries,
            ranker,
            by_name,
            name_words,
            lanes,
            native_words,
            speller: Speller::new(counts),
        }
    }

    /// Whether entry `i` is a native tool whose words hold every keyword
    /// of one of `hints` (each a hint's keywords), as whole words: "grep"
    /// is search_content's, but "commit" is not git_log's ("commits").
    fn hint_admits(&self, i: usize, hints: &[Vec<String>]) -> bool {
        self.native_words
            .get(&i)
            .is_some_and(|words| hints.iter().any(|h| h.iter().all(|k| words.contains(k))))
    }

    /// The documents the ranker must be built over, in entry order.
    pub fn docs(entries: &[Entry]) -> Vec<Doc> {
        entries.iter().map(Entry::doc).collect()
    }

    /// Every entry's example requests as documents to embed, each with
    /// the index of the entry it asks for
    /// ([`EmbeddingRanker::with_examples`](crate::retrieval::embedding::EmbeddingRanker::with_examples)).
    pub fn example_docs(entries: &[Entry]) -> (Vec<usize>, Vec<Doc>) {
        entries
            .iter()
            .enumerate()
            .flat_map(|(i, e)| {
                e.examples
                    .iter()
                    .map(move |x| (i, Doc::new("", x.as_str())))
            })
            .unzip()
    }

    /// The need as it is ranked: words a dictation misheard read as meant
    /// ("get status"), file names said aloud written as files ("config
    /// dot yaml"), links into a service read as the service ("Jira
    /// issue" for an atlassian.net link) or an @mention (`@sheets`),
    /// shorthand spelt out, and each
    /// word that no entry uses and that is no English word read as the
    /// nearest word our own entries use ("calender" → "calendar").
    pub fn read<'a>(&self, need: &'a str) -> Cow<'a, str> {
        let misspelt = |w: &str| {
            if self.ranker.knows(w) {
                return None;
            }
            self.speller.correct(w).map(str::to_owned)
        };
        let written = then(need::misheard(need), need::spoken);
        let written = then(written, need::service_links);
        let written = then(written, need::service_mentions);
        then(written, |w| need::respelt(w, misspelt))
    }

    pub fn get(&self, lane: Lane, name: &str) -> Option<&Entry> {
        self.by_name
            .get(&(lane, name.to_owned()))
            .map(|&i| &self.entries[i])
    }
}

/// `step` applied to `text`; `text` itself (borrowed as it was) when the
/// step changed nothing.
fn then<'a>(text: Cow<'a, str>, step: impl FnOnce(&str) -> Cow<'_, str>) -> Cow<'a, str> {
    match step(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(changed) => Cow::Owned(changed),
    }
}

/// How much BM25 counts again, beside the fused score, for entries we
/// describe ourselves: native tools (a list of the words a need uses for
/// each) and connectors (a spec of actions). The model reads a word list
/// poorly (for "show me what's in docker-compose.yml" it put write_file
/// above read_file), where BM25 reads it as written. Both scores are
/// z-normalised over the corpus first.
/// Chosen on the first 666 needs of `crates/server/tests/data/needs.jsonl`
/// with the local model: 637 met without it, 653 at 0.6, 655 at 0.8, 656
/// at 1.0 and at 1.5. The last 80 needs there were written before it was
/// tried and met 71 without it; 75 at 1.0 and 76 at 1.5 broke the tie.
pub const CURATED_LEXICAL_WEIGHT: f64 = 1.5;

/// `fused` with [`CURATED_LEXICAL_WEIGHT`] applied (unchanged without
/// `bm25`: BM25 alone ranked, and adding it again changes nothing).
fn with_curated_lexical(
    entries: &[Entry],
    mut fused: Vec<f64>,
    bm25: Option<Vec<f64>>,
) -> Vec<f64> {
    let Some(mut bm25) = bm25 else {
        return fused;
    };
    z_normalise(&mut fused);
    z_normalise(&mut bm25);
    for ((f, b), e) in fused.iter_mut().zip(bm25).zip(entries) {
        if matches!(e.lane, Lane::Native | Lane::Connector) {
            *f += CURATED_LEXICAL_WEIGHT * b;
        }
    }
    fused
}

/// How much an entry's nearest example request counts, beside the fused
/// score, among the entries that have examples (the native tools). The
/// embedding's cosine already holds the examples
/// ([`EmbeddingRanker::with_examples`](crate::retrieval::embedding::EmbeddingRanker::with_examples)),
/// but for these entries BM25 also counts again ([`CURATED_LEXICAL_WEIGHT`]),
/// so the words a need shares with the hints still ranked the tools ("get
/// three assistants going on the three vendor quotes at the same time"
/// left spawn_agent out of the first three). This term says which tool
/// the need reads like.
/// Chosen on the 5,233 needs written before the examples, with the local
/// model: 5076 met without examples, 5091 with them in the cosine alone,
/// then 5102 at 1.0, 5105 at 1.5 and 5107 at 2.0. Only 1.0 lost no need
/// met before. The 120 needs of batches 133 to 135, which no example was
/// written or chosen for, met 96 without them and 99 at 1.0.
pub const EXAMPLE_WEIGHT: f64 = 1.0;

/// `fused` with each entry's nearest example request added at
/// [`EXAMPLE_WEIGHT`], z-normalised over the entries that have examples
/// (so it reorders them, and lifts them as a group by nothing).
fn with_examples(mut fused: Vec<f64>, examples: &[Option<f32>]) -> Vec<f64> {
    let (owners, mut near): (Vec<usize>, Vec<f64>) = examples
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.map(|c| (i, f64::from(c))))
        .unzip();
    z_normalise(&mut near);
    for (i, z) in owners.into_iter().zip(near) {
        if let Some(f) = fused.get_mut(i) {
            *f += EXAMPLE_WEIGHT * z;
        }
    }
    fused
}

/// Cuts a need to [`MAX_NEED_CHARS`] on a character boundary.
pub fn cap_need(need: &str) -> (String, Option<String>) {
    let trimmed = need.trim();
    let n = trimmed.chars().count();
    if n <= MAX_NEED_CHARS {
        return (trimmed.to_owned(), None);
    }
    let cut: String = trimmed.chars().take(MAX_NEED_CHARS).collect();
    (
        cut,
        Some(format!(
            "the need was {n} characters; only the first {MAX_NEED_CHARS} were used"
        )),
    )
}

/// The most keywords a need's keyword score is shared among when it is
/// held against a lane's threshold.
pub const THRESHOLD_KEYWORDS: usize = 8;

/// The keyword score `kw` of a need with `n` keywords as if it had at most
/// [`THRESHOLD_KEYWORDS`]: the seed divides the points by every keyword,
/// so a need told with context ("so we had the review this morning and…")
/// left each entry under its lane's threshold however well it matched.
/// Only inclusion uses it; `matchScore` stays the seed's.
fn for_length(kw: f64, n: usize) -> f64 {
    if n <= THRESHOLD_KEYWORDS {
        kw
    } else {
        (kw * n as f64 / THRESHOLD_KEYWORDS as f64).min(1.0)
    }
}

/// `buildMatchReason`: which keywords hit the name and which the content,
/// plus the semantic similarity when it is what included the candidate.
fn match_reason(
    keywords: &[String],
    singulars: Option<&[String]>,
    e: &Entry,
    named: bool,
    cosine: Option<f64>,
    fts: Option<f64>,
) -> String {
    let name = e.name.to_lowercase().replace(['_', '-'], " ");
    let content = format!("{} {}", e.description, e.extra).to_lowercase();
    // A keyword is found as written or, when it is a plural, in the singular.
    let found = |text: &str, j: usize| {
        text.contains(keywords[j].as_str())
            || singulars.is_some_and(|s| text.contains(s[j].as_str()))
    };
    let in_name: Vec<&str> = (0..keywords.len())
        .filter(|&j| found(&name, j))
        .map(|j| keywords[j].as_str())
        .collect();
    let in_content: Vec<&str> = (0..keywords.len())
        .filter(|&j| !found(&name, j) && found(&content, j))
        .map(|j| keywords[j].as_str())
        .collect();
    let mut parts = Vec::new();
    if named {
        parts.push("named in the need".to_owned());
    } else if !in_name.is_empty() {
        parts.push(format!("name matches: {}", in_name.join(", ")));
    }
    if !in_content.is_empty() {
        parts.push(format!("content mentions: {}", in_content.join(", ")));
    }
    if let Some(c) = cosine.filter(|c| *c >= SEMANTIC_FLOOR) {
        parts.push(format!("similar in meaning ({c:.2})"));
    }
    if let Some(f) = fts.filter(|f| *f > 0.0) {
        parts.push(format!("marketplace search rank {f:.2}"));
    }
    if parts.is_empty() {
        "weak match".into()
    } else {
        parts.join("; ")
    }
}

/// Options for one search.
#[derive(Debug, Clone, Default)]
pub struct SearchOptions {
    /// Full-text ranks from the marketplace store, by package name, in (0, 1].
    pub marketplace_fts: HashMap<String, f64>,
    /// Lanes to leave out (e.g. only the seed's four for acquire_capability).
    pub exclude: Vec<Lane>,
}

/// The connectors whose `#word`s are channels: beside another of our
/// entries and none of these, a `#word` is a tag ([`need::untagged`]).
const CHAT_SERVICES: &[&str] = &["slack", "discord", "ms-teams"];

/// Hints that say too little to let a native tool in on their own
/// ([`search_capabilities`] lets in a native tool whose words hold every
/// word of any other hint, however long the need: "which teacher bios
/// still say we're on Elm Street" is read as a grep, and its seven words
/// left search_content under its lane's threshold). A date is in needs
/// for many tools, and a file named is one to read, write, edit, count
/// or commit: the hint that says which does the letting in.
const UNSPECIFIC_HINTS: &[&str] = &["date", "search", "file"];

/// `searchCapabilities`.
pub fn search_capabilities(
    index: &CandidateIndex,
    need: &str,
    opts: &SearchOptions,
) -> AcquisitionProposal {
    let (need, need_truncated) = cap_need(need);
    let read = index.read(&need);
    // Who relayed the need ("The reviewer agent needs …"), the story told
    // before it ("… Anyway, …"), the action it takes back ("fetch the
    // page — I mean search …") and what it turns down ("not by mail")
    // count for nothing.
    let framed = without_frame(&read);
    let asked = need::corrected(&framed);
    let wanted = without_ruled_out(asked);
    let need_words = need::words(&wanted);
    let named: Vec<bool> = (0..index.entries.len())
        .map(|i| need::names(&need_words, &index.name_words[i]))
        .collect();
    let ours: Vec<&Entry> = named
        .iter()
        .zip(&index.entries)
        .filter(|(n, e)| **n && !matches!(e.lane, Lane::Marketplace | Lane::McpCatalog))
        .map(|(_, e)| e)
        .collect();
    let names_chat = ours
        .iter()
        .any(|e| e.lane == Lane::Connector && CHAT_SERVICES.contains(&e.name.as_str()));
    let wanted = need::untagged(&wanted, !ours.is_empty() && !names_chat);
    let (bare, hints) = need::hints(&wanted, !ours.is_empty());
    let text = need::hinted(bare, &hints);
    let keywords = extract_keywords(&text);
    let hint_keywords: Vec<Vec<String>> = hints
        .iter()
        .filter(|h| !UNSPECIFIC_HINTS.contains(h))
        .map(|h| extract_keywords(h))
        .filter(|k| !k.is_empty())
        .collect();
    let singulars = singular_keywords(&keywords);
    // The keyword scores are the seed's scoreMatch with the entry's name
    // as the name: the ranker's own, reused when fusion computed them all.
    let Scored {
        fused,
        keyword: keyword_scores,
        cosines,
        error: embed_error,
        bm25,
        examples,
    } = index.ranker.score(&text);
    let fused = with_curated_lexical(&index.entries, fused, bm25);
    let fused = with_examples(fused, &examples);
    let ranking = index.ranker.ranking_label(embed_error.as_ref());
    // Entries the need names outright come first, each group in ranking
    // order. Each lane keeps at most eight, so a large marketplace cannot
    // crowd the native tools or connectors out of the per-kind picks; as
    // lanes are capped apart, each is walked alone (only as far as it must
    // be: a 100,000-package lane is never sorted whole) and the kept
    // entries are merged back into that order.
    let rank = |a: &usize, b: &usize| {
        named[*b]
            .cmp(&named[*a])
            .then(fused[*b].total_cmp(&fused[*a]))
            .then(a.cmp(b))
    };
    let candidate = |i: usize| {
        let e = &index.entries[i];
        let kw = match &keyword_scores {
            Some(k) => k[i],
            None => index.ranker.keyword_score(&keywords, i),
        };
        // For an entry the need names in the plural ("emails from Sarah"
        // names the email connector), a plural keyword counts where its
        // singular is found: the seed's substring match does not find
        // "emails" in it, and left it under its lane's threshold. For
        // every entry, it let in more than it found (34 needs lost with
        // BM25 for 11 gained); for connectors alone, a few ("edits" let a
        // docs connector in).
        let kw = match &singulars {
            Some(s) if named[i] => kw.max(index.ranker.keyword_score(s, i)),
            _ => kw,
        };
        let fts = (e.lane == Lane::Marketplace)
            .then(|| opts.marketplace_fts.get(&e.name).copied())
            .flatten();
        let cos = cosines.as_ref().map(|c| c[i]);
        let semantic = cos.filter(|c| *c >= SEMANTIC_FLOOR).unwrap_or(0.0);
        let score = kw.max(fts.unwrap_or(0.0)).max(semantic).min(1.0);
        if !index.hint_admits(i, &hint_keywords)
            && (score.max(for_length(kw, keywords.len())) < e.lane.threshold() || score == 0.0)
        {
            return None;
        }
        let trust = assess_trust(&TrustInput {
            trust_source: resolve_trust_source(e.kind, &e.source),
            content: &format!("{} {}", e.description, e.extra),
            declared_permissions: e.declared_permissions,
        });
        Some(CapabilityCandidate {
            name: e.name.clone(),
            kind: e.kind,
            lane: e.lane,
            availability: e.availability,
            description: e.description.clone(),
            source: e.source.clone(),
            match_score: (score * 1000.0).round() / 1000.0,
            match_reason: match_reason(
                &keywords,
                singulars.as_deref().filter(|_| named[i]),
                e,
                named[i],
                cos,
                fts,
            ),
            install_action: e.install_action.clone(),
            trust,
        })
    };
    let mut kept: Vec<(usize, CapabilityCandidate)> = Vec::new();
    for (lane, members) in &index.lanes {
        if opts.exclude.contains(lane) {
            continue;
        }
        let lane_kept = lazily_sorted(members.clone(), rank)
            .filter_map(|i| candidate(i).map(|c| (i, c)))
            .take(MAX_CANDIDATES);
        kept.extend(lane_kept);
    }
    kept.sort_by(|(a, _), (b, _)| rank(a, b));
    let candidates: Vec<CapabilityCandidate> = kept.into_iter().map(|(_, c)| c).collect();
    let best_active = candidates
        .iter()
        .find(|c| c.availability == CapabilityAvailability::Active)
        .cloned();
    let already_handled = best_active
        .as_ref()
        .is_some_and(|c| c.match_score >= ALREADY_HANDLED);
    let best_installable = candidates
        .iter()
        .find(|c| c.availability == CapabilityAvailability::Installable)
        .cloned();
    let gap_detected = !already_handled && best_installable.is_some();
    let recommendation = if already_handled {
        best_active
    } else {
        best_installable
    };
    let need_read_as = (read != need.as_str()).then(|| read.into_owned());
    let summary = build_summary(
        &need,
        &candidates,
        recommendation.as_ref(),
        already_handled,
        gap_detected,
    );
    AcquisitionProposal {
        need,
        gap_detected,
        summary,
        candidates,
        recommendation,
        already_handled,
        need_truncated,
        need_read_as,
        ranking,
    }
}

/// `buildProposalSummary`: Markdown for the chat surface, with the install
/// marker for installs the agent may not do itself.
fn build_summary(
    need: &str,
    candidates: &[CapabilityCandidate],
    rec: Option<&CapabilityCandidate>,
    already_handled: bool,
    gap: bool,
) -> String {
    let need_line: String = need
        .chars()
        .filter(|c| !matches!(c, '<' | '>'))
        .take(200)
        .collect();
    let mut s = format!("## Capability search: {need_line}\n\n");
    if candidates.is_empty() {
        s.push_str("No matching capability was found. Try describing the task differently, or search the marketplace.\n");
        return s;
    }
    if already_handled {
        if let Some(r) = rec {
            s.push_str(&format!(
                "**Already handled** by `{}` ({}): {}\n\n",
                r.name, r.match_reason, r.description
            ));
        }
    } else if gap && let Some(r) = rec {
        s.push_str(&format!(
            "**Gap detected.** Recommended: `{}` ({:?}, {}): {}\n\n",
            r.name, r.kind, r.match_reason, r.description
        ));
        s.push_str(&hivegate_policy::trust::format_trust_summary(&r.trust));
        s.push_str("\n\n");
        match r.lane {
                Lane::StarterSkill => s.push_str(&format!(
                    "Install it with `install_capability` (name `{}`, source `starter-pack`); a human confirms.\n\n",
                    r.name
                )),
                Lane::Marketplace | Lane::McpCatalog | Lane::Connector => {
                    let source = match r.lane {
                        Lane::Connector => "connector",
                        Lane::McpCatalog => "mcp",
                        _ => "marketplace",
                    };
                    if let Some(m) = format_marker(&r.name, source, &format!("{} for: {need_line}", r.name)) {
                        s.push_str(&m);
                        s.push_str("\n\n");
                    }
                }
                _ => {}
            }
    }
    s.push_str("Candidates:\n");
    for c in candidates.iter().take(MAX_CANDIDATES) {
        s.push_str(&format!(
            "- `{}` ({:?}, {:?}, score {:.2}): {}\n",
            c.name, c.kind, c.availability, c.match_score, c.match_reason
        ));
    }
    s
}

/// `InstallValidation`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InstallValidation {
    pub valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub candidate_name: String,
    pub candidate_type: String,
    pub source: String,
}

/// `validateInstallCandidate`: only starter-pack skills install through the
/// tool path; unknown sources, path syntax, unknown skills and installed
/// ones are refused.
pub fn validate_install_candidate(
    name: &str,
    source: &str,
    starter_names: &[&str],
    installed_names: &[&str],
) -> InstallValidation {
    let out = |error: Option<String>| InstallValidation {
        valid: error.is_none(),
        error,
        candidate_name: name.to_owned(),
        candidate_type: "skill".into(),
        source: source.to_owned(),
    };
    if name.contains("..") || name.contains('/') || name.contains('\\') {
        return out(Some("name must not contain '..', '/' or '\\'".into()));
    }
    if source != "starter-pack" {
        return out(Some(format!(
            "source `{source}` cannot be installed by install_capability; only `starter-pack` can (request others with the capability_request marker)"
        )));
    }
    if !crate::skills::valid_skill_name(name) {
        return out(Some(format!("`{name}` is not a valid skill name")));
    }
    if !starter_names.contains(&name) {
        return out(Some(format!("no starter-pack skill is named `{name}`")));
    }
    if installed_names.contains(&name) {
        return out(Some(format!("`{name}` is already installed")));
    }
    out(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(lane: Lane) -> Entry {
        Entry {
            lane,
            name: format!("{lane:?}"),
            kind: CapabilitySourceType::Native,
            description: String::new(),
            extra: String::new(),
            source: String::new(),
            availability: CapabilityAvailability::Active,
            install_action: None,
            declared_permissions: None,
            examples: Vec::new(),
        }
    }

    fn lexical_index(entries: Vec<Entry>) -> CandidateIndex {
        let ranker = Hybrid::lexical(&CandidateIndex::docs(&entries));
        CandidateIndex::new(entries, ranker)
    }

    /// The candidates' names for `need`, in ranking order.
    fn names_found(index: &CandidateIndex, need: &str) -> Vec<String> {
        search_capabilities(index, need, &SearchOptions::default())
            .candidates
            .into_iter()
            .map(|c| c.name)
            .collect()
    }

    #[test]
    fn the_nearest_example_reorders_only_the_entries_that_have_them() {
        // Entries 0 and 1 have examples; entry 2 (a connector) has none.
        let fused = vec![1.0, 0.5, 0.2];
        let out = with_examples(fused.clone(), &[Some(0.2), Some(0.8), None]);
        // z over the two: -1 and +1, at EXAMPLE_WEIGHT.
        assert_eq!(out, vec![1.0 - EXAMPLE_WEIGHT, 0.5 + EXAMPLE_WEIGHT, 0.2]);
        // No examples, or one entry alone: nothing to compare, no change.
        assert_eq!(with_examples(fused.clone(), &[]), fused);
        assert_eq!(
            with_examples(fused.clone(), &[None, Some(0.9), None]),
            fused
        );
    }

    #[test]
    fn curated_lanes_count_bm25_again_and_only_they() {
        let entries: Vec<Entry> = [
            Lane::Native,
            Lane::Connector,
            Lane::Marketplace,
            Lane::McpCatalog,
        ]
        .into_iter()
        .map(entry)
        .collect();
        let fused = vec![0.0, 0.0, 0.0, 0.0];
        // BM25 prefers the first two; the fused scores tie everything.
        let out = with_curated_lexical(&entries, fused.clone(), Some(vec![3.0, 1.0, 3.0, 1.0]));
        assert!(out[0] > 0.0 && out[1] < 0.0, "{out:?}");
        assert_eq!((out[2], out[3]), (0.0, 0.0), "{out:?}");
        // Without a separate BM25 (it ranked alone) nothing changes.
        assert_eq!(with_curated_lexical(&entries, fused.clone(), None), fused);
    }

    #[test]
    fn a_native_tool_bm25_finds_overtakes_one_the_model_prefers_slightly() {
        let entries: Vec<Entry> = [Lane::Native, Lane::Native, Lane::Marketplace]
            .into_iter()
            .map(entry)
            .collect();
        let out = with_curated_lexical(&entries, vec![1.0, 1.1, 0.0], Some(vec![2.0, 0.0, 0.0]));
        assert!(out[0] > out[1], "{out:?}");
    }

    #[test]
    fn a_long_need_is_not_held_under_a_threshold_by_its_length() {
        let mut agents = entry(Lane::Native);
        agents.name = "spawn_agent".into();
        agents.description = "helper agents".into();
        let entries = vec![agents];
        let index = lexical_index(entries);
        let found = |need: &str| {
            search_capabilities(&index, need, &SearchOptions::default())
                .candidates
                .first()
                .map(|c| c.match_score)
        };
        // Two content hits among eighteen keywords: the seed's score,
        // 0.111, stays the match score, but counted against eight keywords
        // (0.25) it passes the native lane's 0.15.
        let long = "compare what three different competitors charge for premium \
                    tiers, lots of reading, split the work between several \
                    helper agents, bring back a table";
        assert_eq!(extract_keywords(long).len(), 18);
        assert_eq!(found(long), Some(0.111));
        // A need of eight keywords or fewer is held to the seed's score.
        assert_eq!(found("helper agents"), Some(1.0));
        // One hit of seven keywords (0.143) is under it.
        assert_eq!(
            found("compare premium tiers of rival competitors, ask helper"),
            None
        );
        assert_eq!(for_length(0.1, 6), 0.1);
        assert_eq!(for_length(0.1, 16), 0.2);
        assert_eq!(for_length(0.9, 16), 1.0);
    }

    #[test]
    fn a_hint_lets_in_the_native_tools_whose_words_hold_it() {
        let native = |name: &str, extra: &str| {
            let mut e = entry(Lane::Native);
            e.name = name.into();
            e.extra = extra.into();
            e
        };
        let index = lexical_index(vec![
            native("search_content", "grep text inside files"),
            native("git_log", "history commits"),
            native("git_status", "what changed file"),
        ]);
        let found = |need: &str| names_found(&index, need);
        // Read as a grep, one hit of seven keywords (0.143) is under the
        // native lane's 0.15; the hint lets search_content in.
        assert_eq!(
            found("which teacher bios still say we're on Elm Street"),
            ["search_content"]
        );
        // "commit" is in "commits" but is no word of git_log's.
        assert!(
            found(
                "commit my latest thesis edits with the message 'chapter three revisions, final'"
            )
            .is_empty()
        );
        // A file named says nothing of what to do with it.
        assert!(
            found(
                "the staging deploy failed overnight again, nobody knows why, see deploy/output.txt"
            )
            .is_empty()
        );
    }

    #[test]
    fn a_misspelt_need_is_read_as_our_entries_spell_it() {
        let mut calendar = entry(Lane::Connector);
        calendar.name = "google-calendar".into();
        calendar.description = "Schedule meetings on a calendar".into();
        let mut package = entry(Lane::Marketplace);
        package.name = "calender-pro".into();
        package.description = "Calender sync".into();
        let entries = vec![calendar, package];
        let index = lexical_index(entries);
        // The marketplace uses "calender", so the corpus knows it.
        assert_eq!(index.read("my calender"), "my calender");
        assert_eq!(index.read("my calendr"), "my calendar");
        // English the corpus lacks stays: "lunch" is not "launch".
        assert_eq!(index.read("lunch"), "lunch");
        let p = search_capabilities(&index, "shedule a meetng", &SearchOptions::default());
        assert_eq!(p.need, "shedule a meetng");
        assert_eq!(p.need_read_as.as_deref(), Some("schedule a meetng"));
        assert_eq!(
            p.candidates.first().map(|c| c.name.as_str()),
            Some("google-calendar")
        );
    }

    #[test]
    fn a_channel_the_need_turns_down_counts_for_nothing() {
        let connector = |name: &str, description: &str| {
            let mut e = entry(Lane::Connector);
            e.name = name.into();
            e.description = description.into();
            e
        };
        let index = lexical_index(vec![
            connector("email", "Send mail and read the inbox"),
            connector("ms-teams", "Post messages in Teams chats"),
        ]);
        let names = |need: &str| names_found(&index, need);
        assert_eq!(names("share the roadmap by mail"), ["email"]);
        assert_eq!(
            names("share the roadmap in a chat, not by mail"),
            ["ms-teams"]
        );
    }
}
