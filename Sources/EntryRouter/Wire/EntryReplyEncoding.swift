import EntryKit

extension EntryReply {
    /// Appends the reply to a `push` or `open` that carried `req` as one line to a connection's
    /// output: the bytes of `Message.reply(Reply(req: req, body: .success(.entry(self))))`, written
    /// from this value where it lies, with no `Reply` made around it.
    ///
    /// Nearly every line the daemon writes is one of these, and written piece by piece it would cost
    /// a capacity check per key, quote and value. Its size is bounded before the first byte instead
    /// (`room`: the fixed pieces, the strings as they are and the params at three times their bytes,
    /// see `paramsRoom`, and the `req`'s text, echoed as it came), the buffer is checked once, and
    /// the pieces are copied with no check.
    /// A string with a byte to escape is finished by the general writer, which checks as it goes, and
    /// the room is made again for whatever is left.
    package func encodeReply(req: RequestTag?, into out: inout OutputBuffer) {
        id.withUTF8View { id in
            route.withUTF8View { route in
                let room = Self.fixedRoom + id.count + route.count + Self.paramsRoom(params)
                if let req {
                    req.text.withUTF8View { text in
                        out.reserve(room + text.count)
                        out.writeReserved("{\"req\":")
                        out.writeReserved(text)
                        out.writeReserved(",\"ok\":true,\"id\":\"")
                    }
                } else {
                    out.reserve(room)
                    out.writeReserved("{\"ok\":true,\"id\":\"")
                }
                Self.writeUnquoted(id, room: room, to: &out)
                out.writeReserved("\",\"route\":\"")
                Self.writeUnquoted(route, room: room, to: &out)
                out.writeReserved("\",\"params\":{")
                var first = true
                params.forEachPair { key, value in
                    if first {
                        first = false
                        out.writeReserved(ASCII.quote)
                    } else {
                        out.writeReserved(",\"")
                    }
                    Self.writeUnquoted(key, room: room, to: &out)
                    out.writeReserved("\":\"")
                    Self.writeUnquoted(value, room: room, to: &out)
                    out.writeReserved(ASCII.quote)
                    return true
                }
                out.writeReserved(state.closingParamsWithState)
                out.writeReserved("}\n")
            }
        }
    }

    /// Room for every piece but the `req`'s text, the strings and params: `{"req":`,
    /// `,"ok":true,"id":"`, `","route":"`, `","params":{` and the longest closing run
    /// (`},"state":"presenting"}` and the newline), 76 bytes, rounded up.
    static var fixedRoom: Int { 100 }

    /// Room for the params' members: a pair takes at least two bytes in the params (the lengths of
    /// its key and value) and six more than its key and value in JSON (four quotes, a colon, a
    /// comma), so three times the params' bytes always holds them, escapes aside.
    static func paramsRoom(_ params: RouteParams) -> Int {
        3 * params.bytes.count
    }

    /// Copies `utf8` into reserved room, without quotes. A byte to escape hands the rest to the
    /// general writer and makes `room` again, as every piece still to come fits in it.
    @inline(__always)
    private static func writeUnquoted(_ utf8: ByteView, room: Int, to out: inout OutputBuffer) {
        let plain = out.writeReservedPlainPrefix(utf8)
        guard plain < utf8.count else { return }
        JSONWriter.writeEscaped(utf8, from: plain, to: &out)
        out.reserve(room)
    }
}
