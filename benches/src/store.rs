//! Result files: JSON lines appended one record (one repeat of one point)
//! at a time, resumable by repeat, and mergeable keeping every repeat; plus
//! the CSV view.
//!
//! Durability: each record is serialized first and written with a single
//! `write_all` on a file opened in append mode, then `sync_data`, so a run
//! killed at any moment leaves every completed line intact. A line torn by a
//! crash in the middle of that write can only be the last one, does not end
//! with a newline, and is cut off when the file is opened again.
//! Whole-file outputs (merge results, the CSV view) are written to a temporary
//! file that is then renamed over the target.

use crate::{grid::Point, record::Record, SweepError};
use std::collections::{btree_map::Entry, BTreeMap, BTreeSet};
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Parses the content of a result file. Blank lines are ignored; a final line
/// without a newline that is not a valid record is reported as torn (its
/// byte offset is returned) instead of as an error.
fn parse(path: &Path, text: &str) -> Result<(Vec<Record>, Option<usize>), SweepError> {
    let mut records = Vec::new();
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let complete = line.ends_with('\n');
        if !line.trim().is_empty() {
            match serde_json::from_str::<Record>(line.trim()) {
                Ok(r) => records.push(r),
                Err(_) if !complete => return Ok((records, Some(offset))),
                Err(source) => {
                    return Err(SweepError::BadRecord {
                        path: path.to_owned(),
                        line: i + 1,
                        source,
                    })
                }
            }
        }
        offset += line.len();
    }
    Ok((records, None))
}

/// Reads every record of a JSON-lines file (a torn last line is ignored).
pub fn read_records(path: &Path) -> Result<Vec<Record>, SweepError> {
    let text = fs::read_to_string(path).map_err(SweepError::io(path))?;
    Ok(parse(path, &text)?.0)
}

/// An output file being appended to, with the samples (point, repeat) it
/// already holds.
#[derive(Debug)]
pub struct ResultFile {
    path: PathBuf,
    done: BTreeSet<(Point, u32)>,
    ends_with_newline: bool,
}

impl ResultFile {
    /// Opens (or prepares to create) `path`, remembering which points it
    /// already contains. A torn last line is removed.
    pub fn open(path: &Path) -> Result<Self, SweepError> {
        let mut ends_with_newline = true;
        let mut done = BTreeSet::new();
        if path.exists() {
            let text = fs::read_to_string(path).map_err(SweepError::io(path))?;
            let (records, torn) = parse(path, &text)?;
            if let Some(at) = torn {
                let file = OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(SweepError::io(path))?;
                file.set_len(at as u64).map_err(SweepError::io(path))?;
            } else {
                ends_with_newline = text.is_empty() || text.ends_with('\n');
            }
            done = records.iter().map(Record::sample_key).collect();
        } else if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(SweepError::io(dir))?;
        }
        Ok(Self {
            path: path.to_owned(),
            done,
            ends_with_newline,
        })
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether `point` was already measured in this file (any repeat).
    pub fn contains(&self, point: &Point) -> bool {
        self.done
            .range((point.clone(), 0)..=(point.clone(), u32::MAX))
            .next()
            .is_some()
    }

    /// Whether repeat `repeat` of `point` is in this file.
    pub fn has(&self, point: &Point, repeat: u32) -> bool {
        self.done.contains(&(point.clone(), repeat))
    }

    /// The repeats of `0..repeats` of `point` that the file does not hold yet.
    pub fn missing(&self, point: &Point, repeats: u32) -> Vec<u32> {
        (0..repeats).filter(|&r| !self.has(point, r)).collect()
    }

    /// How many samples (point, repeat) the file holds.
    pub fn len(&self) -> usize {
        self.done.len()
    }

    /// Whether the file holds no sample.
    pub fn is_empty(&self) -> bool {
        self.done.is_empty()
    }

    /// Appends one record durably (one write, then `sync_data`).
    pub fn append(&mut self, record: &Record) -> Result<(), SweepError> {
        let json = serde_json::to_string(record).map_err(|source| SweepError::BadRecord {
            path: self.path.clone(),
            line: self.done.len() + 1,
            source,
        })?;
        let mut line = String::with_capacity(json.len() + 2);
        if !self.ends_with_newline {
            line.push('\n');
        }
        line.push_str(&json);
        line.push('\n');
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)
            .map_err(SweepError::io(&self.path))?;
        file.write_all(line.as_bytes())
            .map_err(SweepError::io(&self.path))?;
        file.sync_data().map_err(SweepError::io(&self.path))?;
        self.ends_with_newline = true;
        self.done.insert(record.sample_key());
        Ok(())
    }
}

/// Writes `bytes` to `path` through a temporary file and a rename.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), SweepError> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let mut f = File::create(&tmp).map_err(SweepError::io(&tmp))?;
    f.write_all(bytes).map_err(SweepError::io(&tmp))?;
    f.sync_all().map_err(SweepError::io(&tmp))?;
    fs::rename(&tmp, path).map_err(SweepError::io(path))
}

/// Writes records as JSON lines, atomically.
pub fn write_records(path: &Path, records: &[Record]) -> Result<(), SweepError> {
    let mut out = String::new();
    for r in records {
        let line = serde_json::to_string(r).map_err(|source| SweepError::BadRecord {
            path: path.to_owned(),
            line: 0,
            source,
        })?;
        out.push_str(&line);
        out.push('\n');
    }
    write_atomic(path, out.as_bytes())
}

/// Writes the CSV view of `records` (header = the record field names), atomically.
pub fn write_csv(path: &Path, records: &[Record]) -> Result<(), SweepError> {
    let mut w = csv::Writer::from_writer(Vec::new());
    for r in records {
        w.serialize(r)?;
    }
    let bytes = w.into_inner().map_err(|e| SweepError::Io {
        path: path.to_owned(),
        source: e.into_error(),
    })?;
    write_atomic(path, &bytes)
}

/// The result of [`merge`].
#[derive(Debug, Default)]
pub struct Merged {
    /// One record per sample (point, repeat), sorted by point then repeat.
    pub records: Vec<Record>,
    /// Samples found more than once (the first occurrence is kept), with
    /// the repeat index and the file of the dropped copy.
    pub duplicates: Vec<(Point, u32, PathBuf)>,
}

/// Merges result files: every repeat of every point, one record per
/// (point, repeat) (the first one met, in the order of `inputs`), sorted by
/// point then repeat. Version-1 records count as repeat 0.
pub fn merge(inputs: &[PathBuf]) -> Result<Merged, SweepError> {
    let mut by_point = BTreeMap::new();
    let mut duplicates = Vec::new();
    for path in inputs {
        for r in read_records(path)? {
            match by_point.entry(r.sample_key()) {
                Entry::Occupied(e) => {
                    let (p, repeat) = e.key().clone();
                    duplicates.push((p, repeat, path.clone()));
                }
                Entry::Vacant(e) => {
                    e.insert(r);
                }
            }
        }
    }
    Ok(Merged {
        records: by_point.into_values().collect(),
        duplicates,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Measurement, RunInfo};

    fn record(k: usize, bytes: usize) -> Record {
        let point = Point::for_tests(k, bytes);
        let m = Measurement {
            m: 3,
            t_prove_ns: 42,
            all_verified: true,
            ..Measurement::default()
        };
        Record::new(&point, &m, &RunInfo::current())
    }

    fn tmp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("vidkit-sweep-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn append_then_resume() {
        let path = tmp("resume").join("sub/out.jsonl");
        let mut f = ResultFile::open(&path).unwrap();
        assert!(f.is_empty());
        f.append(&record(4, 496)).unwrap();
        f.append(&record(8, 496)).unwrap();
        let again = ResultFile::open(&path).unwrap();
        assert_eq!(again.len(), 2);
        assert!(again.contains(&record(4, 496).point()));
        assert!(!again.contains(&record(16, 496).point()));
        let back = read_records(&path).unwrap();
        let keys: Vec<_> = back
            .iter()
            .map(|r| (r.k, r.t_prove_ns, r.all_verified))
            .collect();
        assert_eq!(keys, [(4, 42, true), (8, 42, true)]);
    }

    #[test]
    fn a_torn_last_line_is_cut_and_the_file_stays_valid() {
        let path = tmp("torn").join("out.jsonl");
        let mut f = ResultFile::open(&path).unwrap();
        f.append(&record(4, 496)).unwrap();
        let line = serde_json::to_string(&record(8, 496)).unwrap();
        let mut raw = OpenOptions::new().append(true).open(&path).unwrap();
        raw.write_all(&line.as_bytes()[..line.len() / 2]).unwrap();
        drop(raw);
        let mut f = ResultFile::open(&path).unwrap();
        assert_eq!(f.len(), 1);
        f.append(&record(8, 496)).unwrap();
        assert_eq!(read_records(&path).unwrap().len(), 2);

        // a complete last line without newline is kept and separated
        let path2 = path.with_file_name("nonl.jsonl");
        fs::write(&path2, serde_json::to_string(&record(4, 496)).unwrap()).unwrap();
        let mut f = ResultFile::open(&path2).unwrap();
        assert_eq!(f.len(), 1);
        f.append(&record(8, 496)).unwrap();
        assert_eq!(read_records(&path2).unwrap().len(), 2);
    }

    #[test]
    fn a_corrupt_middle_line_is_an_error() {
        let path = tmp("corrupt").join("out.jsonl");
        let good = serde_json::to_string(&record(4, 496)).unwrap();
        fs::write(&path, format!("{good}\nnot json\n{good}\n")).unwrap();
        assert!(matches!(
            ResultFile::open(&path),
            Err(SweepError::BadRecord { line: 2, .. })
        ));
    }

    #[test]
    fn merge_dedups_and_sorts() {
        let dir = tmp("merge");
        let (a, b) = (dir.join("a.jsonl"), dir.join("b.jsonl"));
        write_records(&a, &[record(16, 992), record(4, 496)]).unwrap();
        let mut dup = record(4, 496);
        dup.t_prove_ns = 7;
        write_records(&b, &[dup, record(8, 496)]).unwrap();
        let merged = merge(&[a, b.clone()]).unwrap();
        let keys: Vec<_> = merged.records.iter().map(|r| (r.k, r.bytes)).collect();
        assert_eq!(keys, [(4, 496), (8, 496), (16, 992)]);
        assert_eq!(merged.records[0].t_prove_ns, 42, "first occurrence wins");
        assert_eq!(merged.duplicates, [(record(4, 496).point(), 0, b)]);

        let csv_path = dir.join("all.csv");
        write_csv(&csv_path, &merged.records).unwrap();
        let text = fs::read_to_string(&csv_path).unwrap();
        let header = text.lines().next().unwrap();
        assert_eq!(header, crate::record::FIELDS.join(","));
        assert_eq!(text.lines().count(), 4);
    }
}
