#!/usr/bin/env python3
"""A second, independent verifier of Factdesk audit bundles.

Written from docs/audit-format.md alone, in Python 3 with the standard library
only. Ed25519 verification is implemented here from the group law of RFC 8032
(section 5.1), so it shares no code with Node's crypto (OpenSSL) either.
tests/unit/audit-bundle.test.ts runs it beside lib/audit/check-bundle.ts and
requires the two to agree.

Usage: verify_bundle.py FILE [--trust-key KEYID]...
       verify_bundle.py --batch FILE...  (one report per line)
Prints the JSON report. Exit 0: intact; 1: problems; 2: usage or unreadable file.
"""

import base64
import hashlib
import json
import math
import re
import sys

sys.set_int_max_str_digits(0)  # a huge integer literal is a number (Infinity), not an error

MAX_PROBLEMS = 50
BUNDLE_FORMAT = "factdesk-audit-bundle"
DOMAIN = "factdesk.audit.checkpoint.v1"
ROTATION_DOMAIN = "factdesk.audit.key-rotation.v1"
ROTATED = "audit.key_rotated"
MAX_SAFE = 2**53 - 1

HEX64 = re.compile(r"[0-9a-f]{64}")
KEY_ID = re.compile(r"[0-9a-f]{16}")
B64URL = re.compile(r"[A-Za-z0-9_-]+")
INSTANT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z")

# ---------------------------------------------------------------------------
# Ed25519 verification (RFC 8032 5.1.3 decoding, 5.1.4 addition, 5.1.7 verify)
# ---------------------------------------------------------------------------
Q = 2**255 - 19
ORDER = 2**252 + 27742317777372353535851937790883648493
CURVE_D = -121665 * pow(121666, Q - 2, Q) % Q
SQRT_MINUS_ONE = pow(2, (Q - 1) // 4, Q)


def _x_from_y(y, sign):
    if y >= Q:
        return None
    xx = (y * y - 1) * pow(CURVE_D * y * y + 1, Q - 2, Q) % Q
    if xx == 0:
        return None if sign else 0
    x = pow(xx, (Q + 3) // 8, Q)
    if (x * x - xx) % Q:
        x = x * SQRT_MINUS_ONE % Q
    if (x * x - xx) % Q:
        return None
    return Q - x if (x & 1) != sign else x


def _point(b):
    n = int.from_bytes(b, "little")
    y = n & ((1 << 255) - 1)
    x = _x_from_y(y, n >> 255)
    return None if x is None else (x, y, 1, x * y % Q)


def _add(p1, p2):
    x1, y1, z1, t1 = p1
    x2, y2, z2, t2 = p2
    a = (y1 - x1) * (y2 - x2) % Q
    b = (y1 + x1) * (y2 + x2) % Q
    c = 2 * t1 * t2 * CURVE_D % Q
    d = 2 * z1 * z2 % Q
    e, f, g, h = b - a, d - c, d + c, b + a
    return (e * f % Q, g * h % Q, f * g % Q, e * h % Q)


def _times(k, p):
    acc = (0, 1, 1, 0)
    while k:
        if k & 1:
            acc = _add(acc, p)
        p = _add(p, p)
        k >>= 1
    return acc


def _encode(p):
    x, y, z, _ = p
    zi = pow(z, Q - 2, Q)
    x, y = x * zi % Q, y * zi % Q
    return (y | (x & 1) << 255).to_bytes(32, "little")


_BY = 4 * pow(5, Q - 2, Q) % Q
BASE = (_x_from_y(_BY, 0), _BY, 1, _x_from_y(_BY, 0) * _BY % Q)


def ed25519_verify(public_key, message, signature):
    if len(public_key) != 32 or len(signature) != 64:
        return False
    a = _point(public_key)
    r_bytes, s = signature[:32], int.from_bytes(signature[32:], "little")
    if a is None or s >= ORDER or _point(r_bytes) is None:
        return False
    k = int.from_bytes(hashlib.sha512(r_bytes + public_key + message).digest(), "little") % ORDER
    minus_a = (-a[0] % Q, a[1], a[2], -a[3] % Q)
    # [S]B = R + [k]A  <=>  [S]B + [k](-A) encodes to R
    return _encode(_add(_times(s, BASE), _times(k, minus_a))) == r_bytes


# ---------------------------------------------------------------------------
# The canonical encoding: what JavaScript's JSON.stringify prints, keys sorted
# by UTF-16 code units at every depth.
# ---------------------------------------------------------------------------
def js_number(v):
    try:
        f = float(v)
    except OverflowError:
        return "null"
    if math.isinf(f) or math.isnan(f):
        return "null"
    if f == 0:
        return "0"
    if f < 0:
        return "-" + js_number(-f)
    mantissa, _, exp = repr(f).partition("e")  # repr: the shortest round-trip digits
    whole, _, frac = mantissa.partition(".")
    all_digits = whole + frac
    n = len(whole) + (int(exp) if exp else 0)
    digits = all_digits.lstrip("0")
    n -= len(all_digits) - len(digits)
    digits = digits.rstrip("0")
    k = len(digits)
    if k <= n <= 21:
        return digits + "0" * (n - k)
    if 0 < n <= 21:
        return digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return "0." + "0" * -n + digits
    e = n - 1
    sign = "+" if e >= 0 else "-"
    return (digits if k == 1 else digits[0] + "." + digits[1:]) + "e" + sign + str(abs(e))


_SHORT_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def js_string(s):
    out = ['"']
    for ch in s:
        c = ord(ch)
        if ch in _SHORT_ESCAPES:
            out.append(_SHORT_ESCAPES[ch])
        elif c < 0x20 or 0xD800 <= c <= 0xDFFF:
            out.append("\\u%04x" % c)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def utf16_key(s):
    return s.encode("utf-16-be", "surrogatepass")


def canonical(v):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, (int, float)):
        return js_number(v)
    if isinstance(v, str):
        return js_string(v)
    if isinstance(v, list):
        return "[" + ",".join(canonical(x) for x in v) + "]"
    items = sorted(v.items(), key=lambda kv: utf16_key(kv[0]))
    return "{" + ",".join(js_string(k) + ":" + canonical(x) for k, x in items) + "}"


HASHED = ["seq", "at", "actorId", "actorLabel", "action", "claimId", "before", "after", "reason", "requestId", "prevHash"]


def event_hash(ev):
    content = {k: ev[k] for k in HASHED}
    return hashlib.sha256(canonical(content).encode("utf-8")).hexdigest()


# ---------------------------------------------------------------------------
# Line schemas
# ---------------------------------------------------------------------------
def is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def safe_int(v, minimum):
    if not is_num(v):
        return None
    try:
        if not float(v).is_integer():
            return None
    except OverflowError:
        return None
    n = int(v)
    return n if minimum <= n <= MAX_SAFE else None


def is_str(v, pattern=None):
    return isinstance(v, str) and (pattern is None or pattern.fullmatch(v) is not None)


def str_or_null(v):
    return v is None or isinstance(v, str)


def exact_keys(v, keys):
    return isinstance(v, dict) and set(v) == set(keys)


def parse_header(v):
    keys = ["type", "format", "v", "exportedAt", "from", "to", "prevHash", "publicKeys"]
    if not exact_keys(v, keys):
        return None
    ok = (
        v["type"] == "header"
        and v["format"] == BUNDLE_FORMAT
        and is_num(v["v"])
        and v["v"] == 1
        and is_str(v["exportedAt"], INSTANT)
        and safe_int(v["from"], 1) is not None
        and safe_int(v["to"], 0) is not None
        and is_str(v["prevHash"], HEX64)
        and isinstance(v["publicKeys"], list)
        and len(v["publicKeys"]) <= 100
        and all(
            exact_keys(k, ["keyId", "publicKey"]) and is_str(k["keyId"], KEY_ID) and is_str(k["publicKey"], B64URL)
            for k in v["publicKeys"]
        )
    )
    if not ok:
        return None
    return {**v, "from": safe_int(v["from"], 1), "to": safe_int(v["to"], 0)}


def parse_event(v):
    keys = ["type", "seq", "at", "actorId", "actorLabel", "action", "claimId", "before", "after"]
    keys += ["reason", "requestId", "prevHash", "hash"]
    if not exact_keys(v, keys):
        return None
    ok = (
        v["type"] == "event"
        and safe_int(v["seq"], 1) is not None
        and is_str(v["at"], INSTANT)
        and str_or_null(v["actorId"])
        and is_str(v["actorLabel"])
        and is_str(v["action"])
        and str_or_null(v["claimId"])
        and str_or_null(v["reason"])
        and str_or_null(v["requestId"])
        and is_str(v["prevHash"], HEX64)
        and is_str(v["hash"], HEX64)
    )
    return {**v, "seq": safe_int(v["seq"], 1)} if ok else None


def parse_checkpoint(v):
    if not exact_keys(v, ["type", "v", "seq", "hash", "at", "keyId", "sig"]):
        return None
    ok = (
        v["type"] == "checkpoint"
        and is_num(v["v"])
        and v["v"] == 1
        and safe_int(v["seq"], 1) is not None
        and is_str(v["hash"], HEX64)
        and is_str(v["at"], INSTANT)
        and is_str(v["keyId"], KEY_ID)
        and is_str(v["sig"], B64URL)
    )
    return {**v, "seq": safe_int(v["seq"], 1)} if ok else None


def rotation_problem(after):
    """Why an audit.key_rotated payload does not hold, or None when both keys signed it."""
    names = ["oldKeyId", "oldPublicKey", "newKeyId", "newPublicKey", "at", "oldSig", "newSig"]
    if not exact_keys(after, names):
        return "not a key rotation payload"
    ok = (
        is_str(after["oldKeyId"], KEY_ID)
        and is_str(after["newKeyId"], KEY_ID)
        and is_str(after["oldPublicKey"], B64URL)
        and is_str(after["newPublicKey"], B64URL)
        and is_str(after["at"], INSTANT)
        and is_str(after["oldSig"], B64URL)
        and is_str(after["newSig"], B64URL)
    )
    if not ok:
        return "not a key rotation payload"
    message = "%s\n%s\n%s\n%s\n%s\n%s\n" % (
        ROTATION_DOMAIN,
        after["oldKeyId"],
        after["oldPublicKey"],
        after["newKeyId"],
        after["newPublicKey"],
        after["at"],
    )
    for side in ("old", "new"):
        pub = b64url_bytes(after[side + "PublicKey"], 32)
        if pub is None or hashlib.sha256(pub).hexdigest()[:16] != after[side + "KeyId"]:
            return "the %s public key does not match its id" % side
        sig = b64url_bytes(after[side + "Sig"], 64)
        if sig is None or not ed25519_verify(pub, message.encode("utf-8"), sig):
            return "the %s key's signature does not verify" % side
    return None


def trust_through_rotations(trusted, rotations):
    """Trusted key ids, plus every key a rotation to a trusted key hands over from."""
    out = set(trusted)
    grew = True
    while grew:
        grew = False
        for old, new in rotations:
            if new in out and old not in out:
                out.add(old)
                grew = True
    return out


def b64url_bytes(text, length):
    """Canonical base64url without padding, decoding to exactly `length` bytes."""
    if len(text) % 4 == 1:
        return None
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if len(raw) != length or base64.urlsafe_b64encode(raw).decode().rstrip("=") != text:
        return None
    return raw


def _no_constants(name):
    raise ValueError("not JSON: " + name)


# ---------------------------------------------------------------------------
# The verification
# ---------------------------------------------------------------------------
def verify(data, trusted_key_ids=None):
    problems = []
    count = [0]

    def report(p):
        count[0] += 1
        if len(problems) < MAX_PROBLEMS:
            problems.append(p)

    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    if not lines:
        report({"kind": "malformed", "why": "the bundle is empty"})
        return {"ok": False, "checked": 0, "problems": problems, "problemCount": count[0]}

    header = None
    keys = {}
    events = {}  # seq -> (hash, prevHash, line)
    max_seq = 0
    checked = 0
    saw_checkpoint = False
    last_cp_seq = 0
    cp_seen = {}
    heads = []  # (seq, hash, at, keyId, line)
    rotations = []  # (oldKeyId, newKeyId) of valid rotation events

    for number, raw in enumerate(lines, start=1):
        try:
            value = json.loads(raw.decode("utf-8"), parse_constant=_no_constants)
            text_error = None
        except (UnicodeDecodeError, ValueError, RecursionError) as e:
            text_error = "not valid UTF-8" if isinstance(e, UnicodeDecodeError) else "not JSON"
        if number == 1:
            if text_error:
                report({"kind": "malformed", "line": 1, "why": text_error})
                break
            header = parse_header(value)
            if header is None:
                report({"kind": "malformed", "line": 1, "why": "the first line is not a valid bundle header"})
                break
            bad_key = False
            for entry in header["publicKeys"]:
                pub = b64url_bytes(entry["publicKey"], 32)
                if pub is None or hashlib.sha256(pub).hexdigest()[:16] != entry["keyId"]:
                    bad_key = True
                    break
                keys[entry["keyId"]] = pub
            if bad_key:
                report({"kind": "malformed", "line": 1, "why": "a public key does not match its id"})
                header = None
                break
            continue
        if text_error:
            report({"kind": "malformed", "line": number, "why": text_error})
            continue
        kind = value.get("type") if isinstance(value, dict) else None
        if kind == "event":
            ev = parse_event(value)
            if ev is None:
                report({"kind": "malformed", "line": number, "why": "not an audit event"})
                continue
            seq = ev["seq"]
            try:
                computed = event_hash(ev)
            except RecursionError:
                report({"kind": "malformed", "line": number, "seq": seq, "why": "nested too deeply"})
                continue
            checked += 1
            if computed != ev["hash"]:
                report({"kind": "rewritten", "seq": seq, "why": "line %d: content does not match its hash" % number})
            if ev["action"] == ROTATED:
                why = rotation_problem(ev["after"])
                if why:
                    report({"kind": "bad-signature", "seq": seq, "why": "line %d: %s" % (number, why)})
                else:
                    rotations.append((ev["after"]["oldKeyId"], ev["after"]["newKeyId"]))
            if saw_checkpoint:
                report({"kind": "malformed", "line": number, "seq": seq, "why": "an event after the checkpoints"})
            if seq < header["from"] or seq > header["to"]:
                report({"kind": "malformed", "line": number, "seq": seq, "why": "outside the header's range"})
                continue
            if seq in events:
                report({"kind": "malformed", "line": number, "seq": seq, "why": "a duplicate seq"})
                continue
            if seq < max_seq:
                report({"kind": "malformed", "line": number, "seq": seq, "why": "out of order"})
            events[seq] = (ev["hash"], ev["prevHash"], number)
            max_seq = max(max_seq, seq)
        elif kind == "checkpoint":
            cp = parse_checkpoint(value)
            if cp is None:
                report({"kind": "malformed", "line": number, "why": "not a checkpoint"})
                continue
            seq = cp["seq"]
            saw_checkpoint = True
            identity = (seq, cp["hash"], cp["at"], cp["keyId"], cp["sig"])
            if identity in cp_seen:
                report({"kind": "malformed", "line": number, "seq": seq, "why": "a duplicate checkpoint"})
                continue
            cp_seen[identity] = number
            if seq < last_cp_seq:
                report({"kind": "malformed", "line": number, "seq": seq, "why": "checkpoint out of order"})
            last_cp_seq = max(last_cp_seq, seq)
            pub = keys.get(cp["keyId"])
            if pub is None:
                report({"kind": "bad-signature", "seq": seq, "why": "line %d: unknown key" % number})
                continue
            if trusted_key_ids is not None and cp["keyId"] not in trust_through_rotations(trusted_key_ids, rotations):
                report({"kind": "bad-signature", "seq": seq, "why": "line %d: key not trusted" % number})
                continue
            sig = b64url_bytes(cp["sig"], 64)
            message = ("%s\n%d\n%s\n%s\n" % (DOMAIN, seq, cp["hash"], cp["at"])).encode("utf-8")
            if sig is None or not ed25519_verify(pub, message, sig):
                report({"kind": "bad-signature", "seq": seq, "why": "line %d: signature does not verify" % number})
                continue
            if seq < header["from"]:
                report({"kind": "malformed", "line": number, "seq": seq, "why": "checkpoint before the range"})
                continue
            heads.append((seq, cp["hash"], cp["at"], cp["keyId"], number))
        else:
            why = "a second header" if kind == "header" else "unknown line type"
            report({"kind": "malformed", "line": number, "why": why})

    if header is None:
        return {"ok": False, "checked": checked, "problems": problems, "problemCount": count[0]}

    first, to = header["from"], header["to"]
    prev = first - 1
    for seq in sorted(events):
        h, prev_hash, number = events[seq]
        if seq > prev + 1:
            report({"kind": "rewritten", "seq": prev + 1, "why": "events %d-%d are missing" % (prev + 1, seq - 1)})
        else:
            expected = header["prevHash"] if seq == first else events[seq - 1][0]
            if prev_hash != expected:
                report({"kind": "rewritten", "seq": seq, "why": "line %d: prevHash does not link" % number})
        prev = seq

    last_seq = max(events) if events else first - 1
    beyond = [c[0] for c in heads if c[0] > last_seq]
    if beyond:
        report({"kind": "truncated", "lastSeq": last_seq, "signedSeq": max(beyond), "why": "events end before a signed head"})
    elif last_seq < to:
        report({"kind": "truncated", "lastSeq": last_seq, "signedSeq": to, "why": "events end before the header's to"})

    for seq in sorted({c[0] for c in heads if c[0] <= last_seq}):
        hashes = {c[1] for c in heads if c[0] == seq}
        if len(hashes) > 1:
            report({"kind": "forked", "seqs": [seq], "why": "signed heads disagree"})
        if seq not in events:
            report({"kind": "rewritten", "seq": seq, "why": "a signed head covers a missing event"})
        elif events[seq][0] not in hashes:
            report({"kind": "rewritten", "seq": seq, "why": "the signed head does not match the event"})

    if count[0]:
        return {"ok": False, "checked": checked, "problems": problems, "problemCount": count[0]}
    newest = None
    for c in heads:
        if newest is None or c[0] > newest[0] or (c[0] == newest[0] and c[2] > newest[2]):
            newest = c
    proven = {"seq": newest[0], "at": newest[2], "keyId": newest[3]} if newest else None
    tail = last_seq - (newest[0] if newest else first - 1)
    return {"ok": True, "checked": checked, "provenTo": proven, "unsignedTail": tail, "problemCount": 0}


def main(argv):
    if argv[:1] == ["--batch"]:
        # One report per line for each file: the tests check hundreds of bundles in one process.
        for name in argv[1:]:
            with open(name, "rb") as f:
                print(json.dumps(verify(f.read()), ensure_ascii=False))
        return 0
    args, trusted = [], None
    i = 0
    while i < len(argv):
        if argv[i] == "--trust-key" and i + 1 < len(argv) and KEY_ID.fullmatch(argv[i + 1]):
            trusted = (trusted or set()) | {argv[i + 1]}
            i += 2
        elif argv[i].startswith("--"):
            print("unknown option " + argv[i], file=sys.stderr)
            return 2
        else:
            args.append(argv[i])
            i += 1
    if len(args) != 1:
        print("usage: verify_bundle.py FILE [--trust-key KEYID]...", file=sys.stderr)
        return 2
    try:
        with open(args[0], "rb") as f:
            data = f.read()
    except OSError as e:
        print("cannot read %s: %s" % (args[0], e), file=sys.stderr)
        return 2
    result = verify(data, trusted)
    print(json.dumps(result, ensure_ascii=False))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
