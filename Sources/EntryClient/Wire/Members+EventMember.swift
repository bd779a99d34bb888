import EntryRouter

/// An event's members, read by the names the engine's event vocabulary declares (`EventMember`), so
/// that the client spells no event member of its own.
extension Members {
    func string(_ member: EventMember) throws(EntryClientError) -> String { try string(member.rawValue) }
    func optionalString(_ member: EventMember) -> String? { optionalString(member.rawValue) }
    func bool(_ member: EventMember) -> Bool? { bool(member.rawValue) }
    func params(_ member: EventMember) -> Params { params(member.rawValue) }
}
