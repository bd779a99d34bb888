import EntryRouter

/// The members of the daemon's lines, read by the names the engine's vocabulary declares
/// (`MessageMember`), so that the client spells no member of its own.
extension Members {
    func string(_ member: MessageMember) throws(EntryClientError) -> String { try string(member.rawValue) }
    func optionalString(_ member: MessageMember) -> String? { optionalString(member.rawValue) }
    func bool(_ member: MessageMember) -> Bool? { bool(member.rawValue) }
    func int(_ member: MessageMember) -> Int? { int(member.rawValue) }
    func double(_ member: MessageMember) -> Double? { double(member.rawValue) }
    func params(_ member: MessageMember) -> Params { params(member.rawValue) }
    func strings(_ member: MessageMember) -> [String] { strings(member.rawValue) }
    func members(_ member: MessageMember) throws(EntryClientError) -> Members? { try members(member.rawValue) }
    func array(_ member: MessageMember) throws(EntryClientError) -> [Members] { try array(member.rawValue) }
}
