import EntryDaemon
import EntryRouter

/// Reads the input as the two text columns of a stored entry that the store parses itself: the
/// bytes before the first NUL as `params`, the rest as `steps`. What reads back is written again
/// and must read back the same, as a commit and the next start would do.
enum StoreRowFuzzing {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let split = bytes.firstIndex(of: 0) ?? bytes.count
        let paramsColumn = UnsafeBufferPointer(rebasing: bytes[..<split])
        let stepsColumn = split < bytes.count ? Array(bytes[(split + 1)...]) : []

        if let params = ParamsJSON.decode(paramsColumn) {
            var written: [UInt8] = []
            ParamsJSON.append(params, to: &written)
            let again = written.withUnsafeBufferPointer(ParamsJSON.decode)
            expect(again == params, "params \(params) were written as \(String(decoding: written, as: UTF8.self)) and read back as \(String(describing: again))")
        }
        if let steps = StepsJSON.decode(String(decoding: stepsColumn, as: UTF8.self)) {
            let written = StepsJSON.encode(steps).map { String(decoding: $0, as: UTF8.self) }
            let again = written.map(StepsJSON.decode) ?? []
            expect(again == steps, "steps \(steps) were written as \(written ?? "NULL") and read back as \(String(describing: again))")
        }
    }
}
