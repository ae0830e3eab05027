import Lottie
import RlottieReference
import Testing

/// rlottie's refusals say why as data (issue 23); the message is the one it always was.
@Suite struct RlottieErrorDataTests {
    @Test func aFileRlottieCannotReadIsNoAnimation() {
        #expect(throws: RlottieError(.noAnimation)) { _ = try RlottiePlayer(bytes: Array("{\"nope\": 1}".utf8)) }
        #expect(RlottieError(.noAnimation).description == "rlottie refused it (lottie_animation_from_data read no animation)")
    }

    /// A file of more frames than the comparison renders names its count and the limit.
    @Test func tooManyFramesNamesTheCountAndTheLimit() throws {
        let frames = RlottieComparison.maximumFrames + 1
        let text = #"{"v":"5.7.0","fr":60,"ip":0,"op":\#(frames),"w":10,"h":10,"layers":[{"ty":4,"ind":1,"ip":0,"op":\#(frames),"st":0,"ks":{},"shapes":[]}]}"#
        let bytes = Array(text.utf8)
        #expect(throws: RlottieError(.tooManyFrames(frames: frames, limit: RlottieComparison.maximumFrames))) {
            _ = try RlottieComparison.compare(try LottieAnimation(bytes: bytes), bytes: bytes)
        }
        #expect(RlottieError(.tooManyFrames(frames: 7, limit: 5)).description == "it has 7 frames from ip to op; the comparison renders each, at most 5")
    }
}
