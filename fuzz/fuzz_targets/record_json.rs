//! Record JSON: read, replay, write and read back; never panics.
#![no_main]
use hypertac_core::record::Record;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let record = match Record::from_json(text) {
        Ok(r) => r,
        Err(e) => {
            assert!(e.to_string().len() < 1200);
            return;
        }
    };
    // Keep replays small: the limits make big boards sparse, not free.
    if let Ok(rules) = record.rules.to_rules() {
        if rules.shape().cell_count() > 1 << 16 {
            return;
        }
    }
    if let Ok(pos) = record.replay() {
        let again = Record::from_json(&record.to_json()).expect("a written record reads back");
        assert_eq!(again.replay().unwrap().moves(), pos.moves());
    }
});
