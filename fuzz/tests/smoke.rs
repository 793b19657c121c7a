//! A short run of every fuzz target (the CI smoke), and every saved input
//! of `corpus/regressions/` replayed through its target. Both run under the
//! harness's 64 MiB allocation cap and 1 s time limit.

use std::path::Path;

use vidkit_fuzz::{
    mutate::input,
    run::{self, Allocator, Limits, Report},
    Target,
};

#[global_allocator]
static ALLOCATOR: Allocator = Allocator::new(std::alloc::System, usize::MAX);

/// Inputs per target in the smoke run (`VIDKIT_FUZZ_SMOKE` overrides).
const SMOKE_INPUTS: u64 = 500;

fn assert_clean(target: Target, r: &Report) {
    let lines: Vec<String> = r
        .failures
        .iter()
        .map(|f| format!("input {:?}: {}", f.index, f.fault))
        .collect();
    assert!(
        r.failures.is_empty(),
        "{}: {} failing inputs:\n{}",
        target.name(),
        r.failures.len(),
        lines.join("\n")
    );
}

#[test]
fn every_target_survives_a_short_run() {
    let inputs = std::env::var("VIDKIT_FUZZ_SMOKE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(SMOKE_INPUTS);
    let targets = Target::all();
    assert_eq!(targets.len(), 7 * 3 * 3 + 3 + 3 + 4);
    for target in targets {
        let r = run::fuzz(
            target,
            1,
            0..inputs,
            Limits::capped(&ALLOCATOR),
            &mut |_| {},
        );
        assert_eq!(r.inputs, inputs);
        assert!(r.accepted > 0, "{}: the seeds must decode", target.name());
        assert!(
            r.accepted < inputs,
            "{}: some mutations must be refused",
            target.name()
        );
        assert_clean(target, &r);
    }
}

#[test]
fn saved_regressions_replay_cleanly() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/regressions");
    for target in Target::all() {
        let files = run::corpus_files(&root, &target.name()).expect("readable corpus");
        if files.is_empty() {
            continue;
        }
        let r = run::replay(target, &files, Limits::capped(&ALLOCATOR)).expect("readable files");
        assert_eq!(r.inputs, files.len() as u64);
        assert_clean(target, &r);
    }
}

#[test]
fn inputs_are_reproducible_and_start_with_the_seeds() {
    let seeds = vec![vec![1u8, 0, 0, 0, 0, 0, 0, 0, 9, 9], b"g1 4\n".to_vec()];
    assert_eq!(input(&seeds, 5, "t", 0), seeds[0]);
    assert_eq!(input(&seeds, 5, "t", 1), seeds[1]);
    for i in 2..200 {
        assert_eq!(input(&seeds, 5, "t", i), input(&seeds, 5, "t", i));
    }
    let differ = (2..200).filter(|&i| input(&seeds, 5, "t", i) != input(&seeds, 6, "t", i));
    assert!(differ.count() > 100, "the run seed changes the inputs");
    assert!(input(&[], 1, "t", 7).is_empty());
}
