//! Choosing the active provider: the operator's choice (or
//! `EMBEDDING_PROVIDER`, which wins), the model files, and what happened
//! when they were loaded. A failure never goes quiet: the status names the
//! provider asked for, the one running, and the error.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;

use crate::provider::{HashEmbedder, LocalEmbedder, RemoteConfig, RemoteEmbedder};
use crate::{EmbedError, Embedder, ProviderKind, ProviderStatus};

/// The environment variable that overrides the configured provider.
pub const PROVIDER_ENV: &str = "EMBEDDING_PROVIDER";
/// The environment variable naming the local model's directory.
pub const MODEL_DIR_ENV: &str = "HIVEGATE_MODEL_DIR";

/// `$HIVEGATE_MODEL_DIR`, else `<home>/models/all-MiniLM-L6-v2`.
pub fn model_dir(home: &Path) -> PathBuf {
    match std::env::var_os(MODEL_DIR_ENV).filter(|d| !d.is_empty()) {
        Some(d) => PathBuf::from(d),
        None => home.join("models").join(crate::wheel::MODEL_NAME),
    }
}

/// What `GET /api/embedding/status` and `hivegate models status` report.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EmbeddingStatus {
    /// What was asked for (after the environment override).
    pub requested: ProviderKind,
    /// What the configuration says, before the environment.
    pub configured: ProviderKind,
    /// Set when `EMBEDDING_PROVIDER` decided `requested`.
    pub env_override: Option<String>,
    /// `None` when nothing could run: ranking is BM25 alone.
    pub active: Option<ProviderStatus>,
    /// "hybrid" or "bm25-only".
    pub ranking: &'static str,
    pub last_error: Option<String>,
}

/// The outcome of choosing: maybe an embedder, always a status.
pub struct Selected {
    pub embedder: Option<Arc<dyn Embedder>>,
    pub status: EmbeddingStatus,
}

/// Where remote providers live, from the operator's configuration.
#[derive(Debug, Clone, Default)]
pub struct Remotes {
    pub ollama: Option<RemoteConfig>,
    pub openai: Option<RemoteConfig>,
}

/// The provider `EMBEDDING_PROVIDER` asks for, if it is set; an unknown
/// name is an error rather than a silent default.
pub fn env_provider() -> Result<Option<ProviderKind>, EmbedError> {
    match std::env::var(PROVIDER_ENV) {
        Ok(v) if !v.trim().is_empty() => ProviderKind::parse(&v).map(Some).ok_or_else(|| {
            EmbedError::Config(format!(
                "{PROVIDER_ENV}={v} is not a provider (auto, local, ollama, openai, hash)"
            ))
        }),
        _ => Ok(None),
    }
}

/// Builds the provider `configured` names (unless the environment
/// overrides it). `auto` means local; when the provider cannot be built,
/// ranking falls back to BM25 alone and the status says why.
pub fn select(configured: ProviderKind, model_dir: &Path, remotes: &Remotes) -> Selected {
    let (requested, env_override, env_error) = match env_provider() {
        Ok(Some(k)) => (k, Some(format!("{PROVIDER_ENV}={}", k.as_str())), None),
        Ok(None) => (configured, None, None),
        Err(e) => (configured, None, Some(e.to_string())),
    };
    let built: Result<Arc<dyn Embedder>, EmbedError> = match requested {
        ProviderKind::Local | ProviderKind::Auto => {
            LocalEmbedder::load(model_dir).map(|e| Arc::new(e) as Arc<dyn Embedder>)
        }
        ProviderKind::Hash => Ok(Arc::new(HashEmbedder)),
        kind @ (ProviderKind::Ollama | ProviderKind::Openai) => {
            let cfg = if kind == ProviderKind::Ollama {
                &remotes.ollama
            } else {
                &remotes.openai
            };
            match cfg {
                Some(c) => {
                    RemoteEmbedder::new(kind, c.clone()).map(|e| Arc::new(e) as Arc<dyn Embedder>)
                }
                None => Err(EmbedError::Config(format!(
                    "{} is not configured (set its base URL and model)",
                    kind.as_str()
                ))),
            }
        }
    };
    let (embedder, mut last_error) = match built {
        Ok(e) => (Some(e), None),
        Err(e) => (
            None,
            Some(format!(
                "{} unavailable, ranking with BM25 alone: {e}",
                requested.as_str()
            )),
        ),
    };
    if let Some(e) = env_error {
        last_error = Some(match last_error {
            Some(prev) => format!("{e}; {prev}"),
            None => e,
        });
    }
    let active = embedder.as_ref().map(|e| e.status());
    Selected {
        status: EmbeddingStatus {
            requested,
            configured,
            env_override,
            ranking: if embedder.is_some() {
                "hybrid"
            } else {
                "bm25-only"
            },
            active,
            last_error,
        },
        embedder,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_corrupt_model_file_is_named_and_ranking_falls_back() {
        let dir = std::env::temp_dir().join(format!("hg-corrupt-model-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut vocab: Vec<String> = (0..30522).map(|i| format!("tok{i}")).collect();
        vocab[0] = "[PAD]".into();
        vocab[100] = "[UNK]".into();
        vocab[101] = "[CLS]".into();
        vocab[102] = "[SEP]".into();
        std::fs::write(dir.join("vocab.txt"), vocab.join("\n")).unwrap();
        std::fs::write(
            dir.join("model.safetensors"),
            b"\x10\x00\x00\x00\x00\x00\x00\x00{not json at all}",
        )
        .unwrap();
        let s = select(ProviderKind::Local, &dir, &Remotes::default());
        if s.status.env_override.is_none() {
            assert!(s.embedder.is_none());
            assert_eq!(s.status.ranking, "bm25-only");
            let e = s.status.last_error.unwrap();
            assert!(
                e.contains("model.safetensors") && e.contains("BM25 alone"),
                "{e}"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_model_is_reported_never_silent() {
        let dir = Path::new("/nonexistent/hivegate-model");
        let s = select(ProviderKind::Local, dir, &Remotes::default());
        // The environment may override in someone's shell; this test is
        // about the configured path only.
        if s.status.env_override.is_none() {
            assert!(s.embedder.is_none());
            assert_eq!(s.status.ranking, "bm25-only");
            let e = s.status.last_error.unwrap();
            assert!(e.contains("cannot read") && e.contains("BM25 alone"), "{e}");
            let h = select(ProviderKind::Hash, dir, &Remotes::default());
            assert!(!h.status.active.unwrap().semantic);
            let o = select(ProviderKind::Ollama, dir, &Remotes::default());
            assert!(o.status.last_error.unwrap().contains("not configured"));
        }
    }
}
