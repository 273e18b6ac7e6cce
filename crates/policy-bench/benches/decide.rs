//! Decision latency: a non-shell call under a two-rule policy, a short
//! read-only bash line, a long obfuscated bash line; and Cedar evaluating
//! the equivalent two-rule policy, in the same run.
//!
//! `cargo bench -p hivegate-policy-bench` (add `-- --output-format bencher` for
//! one line per bench). After criterion, a percentile pass times single
//! decisions and prints p50 / p99 for each case.

use std::hint::black_box;
use std::str::FromStr;
use std::time::Instant;

use cedar_policy::{
    Authorizer, Context, Entities, EntityUid, PolicySet, Request, RestrictedExpression,
};
use criterion::{Criterion, criterion_group};
use hivegate_policy::rules::RuleSet;
use hivegate_policy::{AutonomyLevel, DecisionContext, Verdict, decide};
use serde_json::{Value, json};

/// The two rules, in our format…
const RULES: &str = r#"
[[rule]]
id = "allow-reads"
tool = "read_*"
decision = "allow"
justification = "Reads are safe."
match = [{ tool = "read_file" }]

[[rule]]
id = "deny-prod-deletes"
tool = "connector_*_delete_*"
decision = "deny"
justification = "Nothing in prod is deleted by an agent."
when = [{ pointer = "/repo", glob = "prod/*" }]
match = [{ tool = "connector_github_delete_branch", args = { repo = "prod/api" } }]
not_match = [{ tool = "connector_github_delete_branch", args = { repo = "dev/api" } }]
"#;

/// …and in Cedar.
const CEDAR: &str = r#"
permit(principal, action == Action::"call", resource)
when { context.tool like "read_*" };
forbid(principal, action == Action::"call", resource)
when { context.tool like "connector_*_delete_*" && context.repo like "prod/*" };
"#;

const TOOL: &str = "connector_github_delete_branch";

const SHORT_BASH: &str = "ls -la src | wc -l";

const LONG_OBFUSCATED_BASH: &str = r#"env -i PATH=/usr/bin:/bin nice -n 5 bash -lc "echo start; for f in \$(ls -1 build); do r''m -r\"f\" -- \"./build/\$f\"; done && git -C . status --short | grep -v '^??' > /dev/null || { printf '%s\n' a b | xargs -I{} echo {}; }; cat <<'EOF' | sort -u
x
EOF
find . -name '*.o' -exec rm -f {} + ; \$'\x72\x6d' -rf -- /tmp/cache; timeout 10 command git log --oneline -5 | head -n 3; test -d ~/.cache && du -sh ~/.cache 2>/dev/null; sed -n '1,5p' Cargo.toml | awk '{print \$1}'""#;

fn our_ctx(rules: &RuleSet) -> DecisionContext<'_> {
    DecisionContext {
        autonomy: AutonomyLevel::Normal,
        rules: Some(rules),
        permissions: None,
        tool_hints: None,
    }
}

#[allow(clippy::expect_used)]
fn cedar_setup() -> (PolicySet, Authorizer, Entities, Request) {
    let policies = PolicySet::from_str(CEDAR).expect("cedar policy parses");
    let request = cedar_request(TOOL, "prod/api");
    (policies, Authorizer::new(), Entities::empty(), request)
}

#[allow(clippy::expect_used)]
fn cedar_request(tool: &str, repo: &str) -> Request {
    let principal = EntityUid::from_str(r#"Agent::"a""#).expect("uid");
    let action = EntityUid::from_str(r#"Action::"call""#).expect("uid");
    let resource = EntityUid::from_str(r#"Tool::"t""#).expect("uid");
    let context = Context::from_pairs([
        (
            "tool".to_owned(),
            RestrictedExpression::new_string(tool.to_owned()),
        ),
        (
            "repo".to_owned(),
            RestrictedExpression::new_string(repo.to_owned()),
        ),
    ])
    .expect("context");
    Request::new(principal, action, resource, context, None).expect("request")
}

#[allow(clippy::expect_used)]
fn bench_decide(c: &mut Criterion) {
    let rules = RuleSet::from_toml_str(RULES).expect("rules load");
    let ctx = our_ctx(&rules);
    let call_args = json!({"repo": "prod/api", "branch": "old"});
    // The two engines agree on the benchmarked call.
    assert_eq!(decide(TOOL, &call_args, &ctx).decision, Verdict::Deny);
    let (policies, authorizer, entities, request) = cedar_setup();
    assert_eq!(
        authorizer
            .is_authorized(&request, &policies, &entities)
            .decision(),
        cedar_policy::Decision::Deny
    );

    let mut g = c.benchmark_group("decide");
    g.bench_function("non_shell_two_rules", |b| {
        b.iter(|| decide(black_box(TOOL), black_box(&call_args), &ctx))
    });
    g.bench_function("cedar_two_rules", |b| {
        b.iter(|| authorizer.is_authorized(black_box(&request), &policies, &entities))
    });
    g.bench_function("cedar_two_rules_with_request", |b| {
        b.iter(|| {
            let r = cedar_request(black_box(TOOL), black_box("prod/api"));
            authorizer.is_authorized(&r, &policies, &entities)
        })
    });
    let short = json!({"command": SHORT_BASH});
    let long = json!({"command": LONG_OBFUSCATED_BASH});
    let plain = DecisionContext::default();
    g.bench_function("bash_short_read_only", |b| {
        b.iter(|| decide("bash", black_box(&short), &plain))
    });
    g.bench_function("bash_long_obfuscated", |b| {
        b.iter(|| decide("bash", black_box(&long), &plain))
    });
    g.finish();
}

criterion_group!(benches, bench_decide);

/// Times `n` single calls of `f` and returns (p50, p99) in nanoseconds.
fn percentiles(n: usize, mut f: impl FnMut()) -> (u128, u128) {
    for _ in 0..n / 10 {
        f();
    }
    let mut samples: Vec<u128> = (0..n)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_nanos()
        })
        .collect();
    samples.sort_unstable();
    (samples[n / 2], samples[n * 99 / 100])
}

#[allow(clippy::expect_used)]
fn percentile_report() {
    let rules = RuleSet::from_toml_str(RULES).expect("rules load");
    let ctx = our_ctx(&rules);
    let call_args = json!({"repo": "prod/api", "branch": "old"});
    let (policies, authorizer, entities, request) = cedar_setup();
    let plain = DecisionContext::default();
    let short: Value = json!({"command": SHORT_BASH});
    let long: Value = json!({"command": LONG_OBFUSCATED_BASH});
    let n = 20_000;
    let rows = [
        (
            "non_shell_two_rules",
            percentiles(n, || {
                black_box(decide(TOOL, black_box(&call_args), &ctx));
            }),
        ),
        (
            "cedar_two_rules",
            percentiles(n, || {
                black_box(authorizer.is_authorized(black_box(&request), &policies, &entities));
            }),
        ),
        (
            "bash_short_read_only",
            percentiles(n, || {
                black_box(decide("bash", black_box(&short), &plain));
            }),
        ),
        (
            "bash_long_obfuscated",
            percentiles(n, || {
                black_box(decide("bash", black_box(&long), &plain));
            }),
        ),
    ];
    println!("\npercentiles over {n} single decisions (ns):");
    for (name, (p50, p99)) in rows {
        println!("  decide/{name:<24} p50 {p50:>8}  p99 {p99:>8}");
    }
    let ours = rows[0].1.0 as f64;
    let cedar = rows[1].1.0 as f64;
    println!("  non-shell p50 / cedar p50 = {:.3}", ours / cedar);
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    // `cargo bench` passes --bench; test mode (`cargo test --benches`) does not.
    if std::env::args().any(|a| a == "--bench") {
        percentile_report();
    }
}
