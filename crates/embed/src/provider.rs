//! Embedding providers behind one trait. `local` is the in-process MiniLM;
//! `ollama` and `openai` call a server the operator configured (operator
//! config is trusted, so these may point at loopback); `hash` is a
//! deterministic feature-hashing fallback that is **not semantic** and says
//! so in every status it reports.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::minilm::{self, MiniLm};
use crate::{EmbedError, normalize};

/// Which provider. `Auto` means local when the model is installed, else hash.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProviderKind {
    Auto,
    Local,
    Ollama,
    Openai,
    Hash,
}

impl ProviderKind {
    pub const ALL: [ProviderKind; 5] = [
        ProviderKind::Auto,
        ProviderKind::Local,
        ProviderKind::Ollama,
        ProviderKind::Openai,
        ProviderKind::Hash,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ProviderKind::Auto => "auto",
            ProviderKind::Local => "local",
            ProviderKind::Ollama => "ollama",
            ProviderKind::Openai => "openai",
            ProviderKind::Hash => "hash",
        }
    }

    pub fn parse(s: &str) -> Option<ProviderKind> {
        Self::ALL.into_iter().find(|k| k.as_str() == s.trim())
    }
}

/// What a provider reports about itself.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProviderStatus {
    pub active_provider: ProviderKind,
    pub model_name: String,
    pub dimensions: usize,
    /// False for `hash`: its neighbours share spelling, not meaning.
    pub semantic: bool,
    pub note: Option<String>,
}

/// Turns texts into vectors of one fixed dimension.
pub trait Embedder: Send + Sync {
    fn status(&self) -> ProviderStatus;
    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError>;
}

/// The in-process model; batches are split across the machine's cores.
pub struct LocalEmbedder {
    model: Arc<MiniLm>,
}

impl LocalEmbedder {
    pub fn load(dir: &Path) -> Result<LocalEmbedder, EmbedError> {
        Ok(LocalEmbedder {
            model: Arc::new(MiniLm::load(dir)?),
        })
    }
}

impl Embedder for LocalEmbedder {
    fn status(&self) -> ProviderStatus {
        ProviderStatus {
            active_provider: ProviderKind::Local,
            model_name: crate::wheel::MODEL_NAME.into(),
            dimensions: minilm::DIM,
            semantic: true,
            note: None,
        }
    }

    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let parts = balanced_parts(texts, threads);
        if parts.len() < 2 {
            return Ok(self.model.embed_batch(texts));
        }
        let model = &self.model;
        Ok(std::thread::scope(|s| {
            let handles: Vec<_> = parts
                .into_iter()
                .map(|part| s.spawn(move || model.embed_batch(part)))
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_default())
                .collect()
        }))
    }
}

/// Fewer characters than this in all are embedded on one thread: starting
/// another costs more than it saves.
const MIN_SPLIT_CHARS: usize = 64;

/// `texts` cut, in order, into at most `threads` runs of about equal
/// length, the model's cost being its tokens. A query and its clauses are
/// a few texts of very different lengths (a 50-word need and two halves
/// of it): cut by count, they all ran on one thread.
fn balanced_parts<'a, 'b>(texts: &'b [&'a str], threads: usize) -> Vec<&'b [&'a str]> {
    let total: usize = texts.iter().map(|t| t.len()).sum();
    let parts = threads.min(texts.len());
    if parts < 2 || total < MIN_SPLIT_CHARS {
        return vec![texts];
    }
    let mut out = Vec::with_capacity(parts);
    let (mut start, mut sum) = (0, 0);
    for (i, t) in texts.iter().enumerate() {
        sum += t.len();
        // Cut once the runs so far hold their share of the whole.
        let share = total * (out.len() + 1) / parts;
        if sum >= share && out.len() + 1 < parts {
            out.push(&texts[start..=i]);
            start = i + 1;
        }
    }
    if start < texts.len() {
        out.push(&texts[start..]);
    }
    out
}

/// Feature hashing of words and character trigrams into 384 signed
/// buckets. Deterministic and instant, and blind to meaning.
pub struct HashEmbedder;

pub const HASH_DIM: usize = 384;

impl Embedder for HashEmbedder {
    fn status(&self) -> ProviderStatus {
        ProviderStatus {
            active_provider: ProviderKind::Hash,
            model_name: "feature-hash-384".into(),
            dimensions: HASH_DIM,
            semantic: false,
            note: Some(
                "hash embeddings are not semantic: they match spelling, not meaning; \
                 run `hivegate models fetch` for the local model"
                    .into(),
            ),
        }
    }

    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        Ok(texts.iter().map(|t| hash_embed(t)).collect())
    }
}

fn hash_embed(text: &str) -> Vec<f32> {
    let mut v = vec![0f32; HASH_DIM];
    let lower = text.to_lowercase();
    let mut add = |feature: &str, weight: f32| {
        let h = Sha256::digest(feature.as_bytes());
        let bucket = (u16::from_le_bytes([h[0], h[1]]) as usize) % HASH_DIM;
        v[bucket] += if h[2] & 1 == 0 { weight } else { -weight };
    };
    for word in lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        add(word, 1.0);
        let chars: Vec<char> = format!(" {word} ").chars().collect();
        for w in chars.windows(3) {
            add(&w.iter().collect::<String>(), 0.3);
        }
    }
    normalize(&mut v);
    v
}

/// Where a remote provider lives and which model it runs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RemoteConfig {
    pub base_url: String,
    pub model: String,
    /// Sent as a bearer token; never logged or reported.
    #[serde(skip_serializing, default)]
    pub api_key: Option<String>,
}

/// `ollama`'s `POST /api/embed` or an OpenAI-compatible `POST /v1/embeddings`.
pub struct RemoteEmbedder {
    kind: ProviderKind,
    config: RemoteConfig,
    agent: ureq::Agent,
    dims: std::sync::OnceLock<usize>,
}

const REMOTE_TIMEOUT: Duration = Duration::from_secs(30);
const MAX_REMOTE_BODY: u64 = 64 << 20;

impl RemoteEmbedder {
    pub fn new(kind: ProviderKind, config: RemoteConfig) -> Result<RemoteEmbedder, EmbedError> {
        if !matches!(kind, ProviderKind::Ollama | ProviderKind::Openai) {
            return Err(EmbedError::Config(format!(
                "{} is not a remote provider",
                kind.as_str()
            )));
        }
        let url = config.base_url.trim();
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(EmbedError::Config(format!(
                "{} base URL must start with http:// or https://",
                kind.as_str()
            )));
        }
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(REMOTE_TIMEOUT))
            .http_status_as_error(false)
            .max_redirects(0)
            .build()
            .into();
        Ok(RemoteEmbedder {
            kind,
            config,
            agent,
            dims: std::sync::OnceLock::new(),
        })
    }

    fn endpoint(&self) -> String {
        let base = self.config.base_url.trim().trim_end_matches('/');
        match self.kind {
            ProviderKind::Ollama => format!("{base}/api/embed"),
            _ if base.ends_with("/v1") => format!("{base}/embeddings"),
            _ => format!("{base}/v1/embeddings"),
        }
    }

    fn name(&self) -> &'static str {
        self.kind.as_str()
    }
}

#[derive(Deserialize)]
struct OllamaReply {
    embeddings: Vec<Vec<f32>>,
}

#[derive(Deserialize)]
struct OpenAiReply {
    data: Vec<OpenAiItem>,
}

#[derive(Deserialize)]
struct OpenAiItem {
    embedding: Vec<f32>,
    #[serde(default)]
    index: usize,
}

impl Embedder for RemoteEmbedder {
    fn status(&self) -> ProviderStatus {
        ProviderStatus {
            active_provider: self.kind,
            model_name: self.config.model.clone(),
            dimensions: self.dims.get().copied().unwrap_or(0),
            semantic: true,
            note: self
                .dims
                .get()
                .is_none()
                .then(|| "dimensions unknown until the first successful call".into()),
        }
    }

    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        if texts.is_empty() {
            return Ok(Vec::new());
        }
        let err = |message: String| EmbedError::Remote {
            provider: self.name(),
            message,
        };
        let body = serde_json::json!({"model": self.config.model, "input": texts});
        let mut req = self.agent.post(self.endpoint());
        if let Some(key) = &self.config.api_key {
            req = req.header("authorization", &format!("Bearer {key}"));
        }
        let mut resp = req
            .send_json(&body)
            .map_err(|e| err(format!("request failed: {e}")))?;
        let status = resp.status().as_u16();
        let text = resp
            .body_mut()
            .with_config()
            .limit(MAX_REMOTE_BODY)
            .read_to_string()
            .map_err(|e| err(format!("reading the answer: {e}")))?;
        if status != 200 {
            let snippet: String = text.chars().take(200).collect();
            return Err(err(format!("HTTP {status}: {snippet}")));
        }
        let mut vectors = match self.kind {
            ProviderKind::Ollama => {
                serde_json::from_str::<OllamaReply>(&text)
                    .map_err(|e| err(format!("unexpected answer: {e}")))?
                    .embeddings
            }
            _ => {
                let mut items = serde_json::from_str::<OpenAiReply>(&text)
                    .map_err(|e| err(format!("unexpected answer: {e}")))?
                    .data;
                items.sort_by_key(|i| i.index);
                items.into_iter().map(|i| i.embedding).collect()
            }
        };
        if vectors.len() != texts.len() {
            return Err(err(format!(
                "{} vectors for {} texts",
                vectors.len(),
                texts.len()
            )));
        }
        let dim = vectors[0].len();
        if dim == 0 || vectors.iter().any(|v| v.len() != dim) {
            return Err(err("vectors of differing or zero length".into()));
        }
        let known = *self.dims.get_or_init(|| dim);
        if known != dim {
            return Err(err(format!("dimension changed from {known} to {dim}")));
        }
        vectors.iter_mut().for_each(|v| normalize(v));
        Ok(vectors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_cut_in_order_into_runs_of_about_equal_length() {
        let whole = "a".repeat(60);
        let half = "b".repeat(30);
        let texts = [whole.as_str(), half.as_str(), half.as_str()];
        let lens = |parts: Vec<&[&str]>| -> Vec<usize> { parts.iter().map(|p| p.len()).collect() };
        // A need and its two clauses: the need alone, then the clauses.
        assert_eq!(lens(balanced_parts(&texts, 2)), [1, 2]);
        assert_eq!(lens(balanced_parts(&texts, 8)), [1, 1, 1]);
        assert_eq!(lens(balanced_parts(&texts, 1)), [3]);
        // Short or single texts stay on one thread.
        assert_eq!(lens(balanced_parts(&["send it", "to Sam"], 2)), [2]);
        assert_eq!(lens(balanced_parts(&[whole.as_str()], 2)), [1]);
        assert_eq!(lens(balanced_parts(&[], 2)), [0]);
        // Many equal texts: equal runs, nothing lost or repeated.
        let many = vec![half.as_str(); 10];
        assert_eq!(lens(balanced_parts(&many, 2)), [5, 5]);
        assert_eq!(lens(balanced_parts(&many, 3)), [4, 3, 3]);
    }

    #[test]
    fn hash_is_deterministic_unit_length_and_says_it_is_not_semantic() {
        let h = HashEmbedder;
        let v = h
            .embed(&["Send a Slack message", "send a slack message"])
            .unwrap();
        assert_eq!(v[0], v[1]);
        let n: f32 = v[0].iter().map(|x| x * x).sum();
        assert!((n - 1.0).abs() < 1e-5);
        assert!(!h.status().semantic);
        assert!(h.status().note.unwrap().contains("not semantic"));
        let e = h.embed(&[""]).unwrap();
        assert!(e[0].iter().all(|x| *x == 0.0));
    }

    #[test]
    fn provider_names_round_trip() {
        for k in ProviderKind::ALL {
            assert_eq!(ProviderKind::parse(k.as_str()), Some(k));
        }
        assert_eq!(ProviderKind::parse("mock"), None);
    }

    #[test]
    fn remote_config_is_checked() {
        let cfg = |u: &str| RemoteConfig {
            base_url: u.into(),
            model: "m".into(),
            api_key: Some("sk-secret".into()),
        };
        assert!(RemoteEmbedder::new(ProviderKind::Ollama, cfg("file:///etc/passwd")).is_err());
        assert!(RemoteEmbedder::new(ProviderKind::Hash, cfg("http://x")).is_err());
        let r = RemoteEmbedder::new(ProviderKind::Openai, cfg("http://127.0.0.1:9/v1/")).unwrap();
        assert_eq!(r.endpoint(), "http://127.0.0.1:9/v1/embeddings");
        assert!(
            !serde_json::to_string(&cfg("http://x"))
                .unwrap()
                .contains("secret")
        );
    }
}
