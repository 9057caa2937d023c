// A long reply (export) written piece by piece while the peer reads it, never whole in memory.

import TwoDoProtocol
import TwoDoText

/// A reply too long to build at once. The loop asks it for the next piece whenever the connection's
/// unsent output falls below a low-water mark, after the turn's COMMIT (so it reads committed state only).
/// Commands the same client sent after it wait until it ends, so replies stay in order; partner events
/// that arrive meanwhile are held and sent after it.
public protocol ReplyStream: AnyObject {
    /// Appends the next piece, about `budget` bytes or a little more, to `out`.
    /// - Returns: true when the reply is complete (its last line ended).
    func write(into out: inout [UInt8], budget: Int) throws -> Bool
}

/// The opening of a streamed reply: in JSON mode the reply object up to its `data` value (the stream writes
/// the value and closes the object), in human mode the header line.
enum StreamedReplyStart {
    static func write(code: ReplyCode, header: String, tag: String?, json: Bool, into out: inout [UInt8]) {
        guard json else {
            out.append(contentsOf: header.utf8)
            out.append(contentsOf: [13, 10])
            return
        }
        out.append(contentsOf: #"{"type":"reply","#.utf8)
        if let tag {
            out.append(contentsOf: #""id":"#.utf8)
            JSONValue.string(tag).write(to: &out)
            out.append(UInt8(ascii: ","))
        }
        out.append(contentsOf: #""ok":true,"code":""#.utf8)
        out.append(contentsOf: code.rawValue.utf8)
        out.append(contentsOf: #"","text":"#.utf8)
        JSONValue.string(header).write(to: &out)
        out.append(contentsOf: #","data":"#.utf8)
    }
}
