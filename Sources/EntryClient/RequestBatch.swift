/// The replies of requests sent together, collected until the last one came.
final class RequestBatch {
    let numbers: [Int]
    private var replies: [Int: Result<Members, EntryClientError>] = [:]
    private var continuation: CheckedContinuation<[Result<Members, EntryClientError>], Never>?

    init(numbers: [Int], continuation: CheckedContinuation<[Result<Members, EntryClientError>], Never>) {
        self.numbers = numbers
        self.continuation = continuation
    }

    func answer(_ number: Int, _ result: Result<Members, EntryClientError>) {
        replies[number] = result
        if replies.count == numbers.count { finish() }
    }

    /// Fails the requests not answered yet.
    func failAll(_ error: EntryClientError) {
        for number in numbers where replies[number] == nil { replies[number] = .failure(error) }
        finish()
    }

    private func finish() {
        guard replies.count == numbers.count else { return }
        continuation?.resume(returning: numbers.map { replies[$0]! })
        continuation = nil
    }
}
