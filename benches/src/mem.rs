//! Peak resident memory of one sample.
//!
//! How: before a sample the runner writes `5` to `/proc/self/clear_refs`,
//! which resets the kernel's high-water mark of the process's resident set
//! (`VmHWM` in `/proc/self/status`, Linux ≥ 4.0) to its current size; after
//! the sample it reads `VmHWM`. Why not `getrusage(RUSAGE_SELF).ru_maxrss`:
//! it cannot be reset, so in one process it only ever shows the largest
//! point so far; a child process per sample would fix that but would pay
//! process start-up and the loss of warm caches at every sample, which the
//! repeats and interleaving are meant to control. The reset costs nothing
//! and keeps every sample in the same warm process.
//!
//! What it includes: the whole process — the runner itself, the SRS, the
//! pool's stacks as touched, and memory the allocator kept from earlier
//! samples (`start_rss_bytes` records that baseline; the point's own growth
//! is `peak − start`). Off Linux, or where `/proc` is not writable, the
//! fields are `None`. Hand-written: two `/proc` files read with `std`; the
//! crates that do this (`procfs`, `sysinfo`) read far more and cannot reset.

use std::fs;

/// The resident set at the start of a sample and its peak during it, bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PeakRss {
    /// `VmRSS` right after the reset.
    pub start_bytes: u64,
    /// `VmHWM` at the end of the sample.
    pub peak_bytes: u64,
}

/// Reads a `kB` field of `/proc/self/status` in bytes.
fn status_field(name: &str) -> Option<u64> {
    let text = fs::read_to_string("/proc/self/status").ok()?;
    parse_status_field(&text, name)
}

/// Finds `name:   123 kB` in the text of a `/proc/<pid>/status` file and
/// returns it in bytes.
pub fn parse_status_field(status: &str, name: &str) -> Option<u64> {
    status.lines().find_map(|l| {
        let rest = l.strip_prefix(name)?.strip_prefix(':')?;
        let kb = rest.trim().strip_suffix("kB")?.trim().parse::<u64>().ok()?;
        Some(kb * 1024)
    })
}

/// Resets the high-water mark and returns the current resident set, or
/// `None` if the reset is not possible here.
pub fn reset_peak() -> Option<u64> {
    fs::write("/proc/self/clear_refs", "5").ok()?;
    status_field("VmRSS")
}

/// The high-water mark since the last [`reset_peak`].
pub fn peak() -> Option<u64> {
    status_field("VmHWM")
}

/// Runs `f`, returning its result and the memory it peaked at (`None`
/// where the high-water mark cannot be reset).
pub fn measure_peak<T>(f: impl FnOnce() -> T) -> (T, Option<PeakRss>) {
    let start = reset_peak();
    let out = f();
    let rss = start.and_then(|start_bytes| {
        peak().map(|peak_bytes| PeakRss {
            start_bytes,
            peak_bytes: peak_bytes.max(start_bytes),
        })
    });
    (out, rss)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_fields_parse() {
        let s = "Name:\tsweep\nVmHWM:\t   2048 kB\nVmRSS:\t  1024 kB\n";
        assert_eq!(parse_status_field(s, "VmHWM"), Some(2048 * 1024));
        assert_eq!(parse_status_field(s, "VmRSS"), Some(1024 * 1024));
        assert_eq!(parse_status_field(s, "VmSwap"), None);
        assert_eq!(parse_status_field("VmHWM: x kB", "VmHWM"), None);
    }

    #[test]
    fn a_large_allocation_raises_the_peak() {
        if reset_peak().is_none() {
            return; // not Linux, or /proc not writable: nothing to check
        }
        let (_, small) = measure_peak(|| 0u8);
        let (len, big) = measure_peak(|| {
            let v = vec![1u8; 64 << 20];
            std::hint::black_box(&v).iter().step_by(4096).count()
        });
        assert!(len > 0);
        let (small, big) = (small.unwrap(), big.unwrap());
        assert!(
            big.peak_bytes >= big.start_bytes + (60 << 20),
            "a touched 64 MiB buffer must show: {big:?}"
        );
        assert!(
            small.peak_bytes < small.start_bytes + (60 << 20),
            "{small:?}"
        );
    }
}
