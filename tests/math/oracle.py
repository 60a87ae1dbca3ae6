#!/usr/bin/env python3
"""Reference semantics of math.calculate, written against Python's decimal.

This file is the differential oracle for the C++ core. It implements the
grammar, bounds and error precedence of the spec a second time, and takes
every numeric answer from Python's decimal module under the spec's context
(prec 50, ROUND_HALF_EVEN, Emax 10000, Emin -10000, traps InvalidOperation,
DivisionByZero, Overflow, Underflow, capitals 0). Where the project decided
something the spec leaves open (see docs/math.md) the decision is coded here
explicitly:

  * // and % floor (Python's int semantics), computed exactly and rounded once;
  * ceil/floor/round never set Inexact; round(x, n) is Decimal.quantize;
  * powers come from _pydecimal (the module's pure-Python implementation,
    which is correctly rounded; the C module's power is documented as only
    "almost always" so), and a power whose mathematical value is an exact
    decimal of at most 50 digits is exact, even for a non-integral exponent,
    where the General Decimal Arithmetic rule would raise Inexact anyway.

Usage:
  oracle.py eval EXPR                      print the reference outcome
  oracle.py differential DRIVER [--count N] [--seed S]
  oracle.py floor-mod DRIVER               // and % against Python's int operators
The DRIVER reads JSON strings, one per line, and answers one JSON array per
line: ["ok", result, exact] or ["err", reason_code].
"""

import _pydecimal as P
import decimal as D
import json
import random
import subprocess
import sys

PREFIX = "tool.invalid_arguments."
MAX_CHARS = 1024
MAX_TOKENS = 512
MAX_DEPTH = 32


def spec_context():
    return D.Context(prec=50, rounding=D.ROUND_HALF_EVEN, Emax=10000, Emin=-10000,
                     traps=[D.InvalidOperation, D.DivisionByZero, D.Overflow, D.Underflow],
                     capitals=0, flags=[])


def py_spec_context(trapping=True):
    traps = [P.InvalidOperation, P.DivisionByZero, P.Overflow, P.Underflow] if trapping else []
    return P.Context(prec=50, rounding=P.ROUND_HALF_EVEN, Emax=10000, Emin=-10000,
                     traps=traps, capitals=0, flags=[])


# Exact arithmetic for the flooring operators: every value in the context is
# a multiple of 10^-10049 below 10^10001, so 30000 digits hold any quotient.
EXACT = D.Context(prec=30000, Emax=D.MAX_EMAX, Emin=D.MIN_EMIN,
                  traps=[D.Inexact, D.InvalidOperation, D.DivisionByZero])
QUANTIZE = D.Context(prec=30000, Emax=D.MAX_EMAX, Emin=D.MIN_EMIN, traps=[])

PI = "3.14159265358979323846264338327950288419716939937510582097494"
E = "2.71828182845904523536028747135266249775724709369995957496696"

FUNCTIONS = {"abs": (1, 1), "ceil": (1, 1), "exp": (1, 1), "floor": (1, 1), "ln": (1, 1),
             "log10": (1, 1), "max": (1, None), "min": (1, None), "round": (1, 2),
             "sqrt": (1, 1)}


class Failure(Exception):
    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


# ---------------------------------------------------------------- tokenizer

SPACE = " \t\n\r\f\v"


def tokenize(s):
    if len(s) > MAX_CHARS:
        raise Failure("expression_too_long")
    tokens = []
    i = 0
    n = len(s)
    while i < n:
        c = s[i]
        if c in SPACE:
            i += 1
            continue
        if len(tokens) == MAX_TOKENS:
            raise Failure("expression_too_long")
        if "0" <= c <= "9":
            j = i
            while j < n and "0" <= s[j] <= "9":
                j += 1
            if j + 1 < n and s[j] == "." and "0" <= s[j + 1] <= "9":
                j += 1
                while j < n and "0" <= s[j] <= "9":
                    j += 1
            if j < n and s[j] in "eE":
                k = j + 1
                if k < n and s[k] in "+-":
                    k += 1
                if k < n and "0" <= s[k] <= "9":
                    while k < n and "0" <= s[k] <= "9":
                        k += 1
                    j = k
            tokens.append(("num", s[i:j]))
            i = j
        elif "a" <= c <= "z":
            j = i + 1
            while j < n and ("a" <= s[j] <= "z" or "0" <= s[j] <= "9" or s[j] == "_"):
                j += 1
            tokens.append(("name", s[i:j]))
            i = j
        elif s.startswith("**", i) or c == "^":
            tokens.append(("^", s[i:i + (2 if c == "*" else 1)]))
            i += 2 if c == "*" else 1
        elif s.startswith("//", i):
            tokens.append(("//", "//"))
            i += 2
        elif c in "+-*/%(),":
            tokens.append((c, c))
            i += 1
        else:
            raise Failure("syntax")
    tokens.append(("end", ""))
    return tokens


# ------------------------------------------------------------------- parser

class Parser:
    def __init__(self, tokens):
        self.t = tokens
        self.i = 0

    def peek(self):
        return self.t[self.i][0]

    def deeper(self, depth):
        if depth + 1 > MAX_DEPTH:
            raise Failure("expression_too_deep")
        return depth + 1

    def parse(self):
        node = self.expression(0)
        if self.peek() != "end":
            raise Failure("syntax")
        return node

    def expression(self, depth):
        left = self.term(depth)
        while self.peek() in ("+", "-"):
            op = self.t[self.i][0]
            self.i += 1
            left = (op, left, self.term(depth))
        return left

    def term(self, depth):
        left = self.unary(depth)
        while self.peek() in ("*", "/", "//", "%"):
            op = self.t[self.i][0]
            self.i += 1
            left = (op, left, self.unary(depth))
        return left

    def unary(self, depth):
        if self.peek() in ("+", "-"):
            inner = self.deeper(depth)
            op = self.t[self.i][0]
            self.i += 1
            operand = self.unary(inner)
            return operand if op == "+" else ("neg", operand)
        return self.power(depth)

    def power(self, depth):
        base = self.primary(depth)
        if self.peek() == "^":
            self.i += 1
            return ("^", base, self.unary(depth))
        return base

    def primary(self, depth):
        kind, text = self.t[self.i]
        if kind == "num":
            self.i += 1
            return ("num", text)
        if kind == "name":
            self.i += 1
            if self.peek() == "(":
                return self.call(text, depth)
            if text == "pi":
                return ("num", PI)
            if text == "e":
                return ("num", E)
            raise Failure("unknown_name")
        if kind == "(":
            inner = self.deeper(depth)
            self.i += 1
            node = self.expression(inner)
            if self.peek() != ")":
                raise Failure("syntax")
            self.i += 1
            return node
        raise Failure("syntax")

    def call(self, name, depth):
        if name not in FUNCTIONS:
            raise Failure("unknown_name")
        self.i += 1
        args = []
        if self.peek() != ")":
            while True:
                inner = self.deeper(depth)
                args.append(self.expression(inner))
                if self.peek() != ",":
                    break
                self.i += 1
        if self.peek() != ")":
            raise Failure("syntax")
        self.i += 1
        low, high = FUNCTIONS[name]
        if len(args) < low or (high is not None and len(args) > high):
            raise Failure("arity")
        return ("call", name, args)


# ---------------------------------------------------------------- evaluator

class Evaluator:
    def __init__(self):
        self.ctx = spec_context()
        self.inexact = False

    def track(self, ctx):
        if ctx.flags[D.Inexact]:
            self.inexact = True
        ctx.clear_flags()

    def run(self, node):
        kind = node[0]
        if kind == "num":
            value = self.ctx.create_decimal(node[1])
            self.track(self.ctx)
            return value
        if kind == "neg":
            value = self.ctx.minus(self.run(node[1]))
            self.track(self.ctx)
            return value
        if kind == "call":
            args = [self.run(a) for a in node[2]]
            return self.call(node[1], args)
        a = self.run(node[1])
        b = self.run(node[2])
        ctx = self.ctx
        if kind in ("/", "//", "%") and b == 0:
            raise Failure("division_by_zero")
        if kind == "+":
            value = ctx.add(a, b)
        elif kind == "-":
            value = ctx.subtract(a, b)
        elif kind == "*":
            value = ctx.multiply(a, b)
        elif kind == "/":
            value = ctx.divide(a, b)
        elif kind in ("//", "%"):
            # Python's int semantics, not Decimal's truncating operators.
            q = EXACT.divide_int(a, b)
            r = EXACT.subtract(a, EXACT.multiply(q, b))
            if r != 0 and (r < 0) != (b < 0):
                q = EXACT.subtract(q, 1)
                r = EXACT.add(r, b)
            value = ctx.plus(q if kind == "//" else r)
        else:
            value = self.power(a, b)
        self.track(ctx)
        return value

    def power(self, x, y):
        if x == 0:
            if y == 0:
                raise Failure("domain")
            if y < 0:
                raise Failure("division_by_zero")
            return D.Decimal(0)
        integral = y == y.to_integral_value()
        if integral and y == 0:
            return D.Decimal(1)
        if not integral and x < 0:
            raise Failure("domain")
        px, py = P.Decimal(str(x)), P.Decimal(str(y))
        if integral:
            pc = py_spec_context()
            try:
                r = pc.power(px, py)
            except (P.Overflow, P.Underflow):
                raise Failure("result_out_of_range")
            if pc.flags[P.Inexact]:
                self.inexact = True
            return D.Decimal(str(r))
        if x == 1:
            return D.Decimal(1)
        exact = px._power_exact(py, 50)
        if exact is not None:
            return self.ctx.create_decimal(str(exact))
        pc = py_spec_context(trapping=False)
        r = pc.power(px, py)
        if pc.flags[P.Overflow] or pc.flags[P.Underflow] or r.adjusted() < -10000:
            raise Failure("result_out_of_range")
        self.inexact = True
        return D.Decimal(str(r))

    def call(self, name, args):
        ctx = self.ctx
        x = args[0]
        if name == "abs":
            return ctx.abs(x)
        if name == "ceil":
            return x.to_integral_value(rounding=D.ROUND_CEILING)
        if name == "floor":
            return x.to_integral_value(rounding=D.ROUND_FLOOR)
        if name == "round":
            if len(args) == 1:
                return x.to_integral_value(rounding=D.ROUND_HALF_EVEN)
            n = args[1]
            if n != n.to_integral_value() or n < -50 or n > 50:
                raise Failure("domain")
            q = x.quantize(D.Decimal((0, (1,), -int(n))), rounding=D.ROUND_HALF_EVEN,
                           context=QUANTIZE)
            if len(q.as_tuple().digits) > 50:
                raise Failure("result_out_of_range")
            return q
        if name == "min":
            return min(args)
        if name == "max":
            return max(args)
        if name == "sqrt":
            if x < 0:
                raise Failure("domain")
            value = ctx.sqrt(x)
        elif name in ("ln", "log10"):
            if x <= 0:
                raise Failure("domain")
            value = ctx.ln(x) if name == "ln" else ctx.log10(x)
        else:
            value = ctx.exp(x)
        self.track(ctx)
        return value


def render(d):
    """The spec's rendering rule with the project's decisions (docs/math.md)."""
    if d == 0:
        return "0"
    sign, digits, exp = d.as_tuple()
    text = "".join(map(str, digits)).rstrip("0")
    exp += len(digits) - len(text)
    adjusted = exp + len(text) - 1
    prefix = "-" if sign else ""
    if -25 <= adjusted <= 25:
        out = format(d, "f")
        if "." in out:
            out = out.rstrip("0").rstrip(".")
        return out
    mantissa = text[0] + ("." + text[1:] if len(text) > 1 else "")
    return prefix + mantissa + "e" + ("-" if adjusted < 0 else "+") + str(abs(adjusted))


def evaluate(expression):
    """("ok", result, exact) or ("err", reason_code)."""
    try:
        tree = Parser(tokenize(expression)).parse()
        ev = Evaluator()
        try:
            value = ev.run(tree)
        except (D.Overflow, D.Underflow):
            raise Failure("result_out_of_range")
        return ("ok", render(value), not ev.inexact)
    except Failure as f:
        return ("err", PREFIX + f.reason)


# ---------------------------------------------------------------- generator

def gen_number(rng):
    r = rng.random()
    if r < 0.3:
        return str(rng.randint(0, 100))
    if r < 0.5:
        return "%d.%s" % (rng.randint(0, 999), "".join(rng.choice("0123456789")
                                                       for _ in range(rng.randint(1, 6))))
    if r < 0.6:
        return "".join(rng.choice("0123456789") for _ in range(rng.randint(20, 60)))
    if r < 0.7:
        whole = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 30)))
        frac = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 30)))
        return whole + "." + frac
    if r < 0.85:
        mant = str(rng.randint(1, 99999))
        e = rng.choice([rng.randint(-40, 40), rng.randint(-10060, -9950),
                        rng.randint(9950, 10010), rng.randint(-200, 200)])
        return mant + rng.choice("eE") + rng.choice(["", "+", "-"] if e >= 0 else ["-"]) + \
            str(abs(e)) if e >= 0 else mant + "e-" + str(-e)
    return rng.choice(["0", "0.0", "1", "2", "5", "10", "0.5", "0.25", "0.1", "1.5", "2.5",
                       "100", "1000", "0.001", "9", "3", "7", "0e5", "1e-10049", "1e10000",
                       "9.999999999999999999999999999999999999999999999999e10000"])


def gen_expr(rng, depth=0):
    r = rng.random()
    if depth > 4 or r < 0.3:
        r2 = rng.random()
        if r2 < 0.85:
            return gen_number(rng)
        return rng.choice(["pi", "e"])
    if r < 0.65:
        op = rng.choice(["+", "-", "*", "/", "//", "%", "^", "**", "+", "*", "//", "%"])
        sp = rng.choice(["", " ", "  ", "\t"])
        return gen_expr(rng, depth + 1) + sp + op + sp + gen_expr(rng, depth + 1)
    if r < 0.75:
        return rng.choice(["-", "+"]) + gen_expr(rng, depth + 1)
    if r < 0.85:
        return "(" + gen_expr(rng, depth + 1) + ")"
    name = rng.choice(list(FUNCTIONS))
    if name in ("min", "max"):
        n = rng.randint(1, 4)
    elif name == "round":
        if rng.random() < 0.6:
            return "round(%s, %s)" % (gen_expr(rng, depth + 1),
                                      rng.choice([str(rng.randint(-55, 55)), gen_expr(rng, 5)]))
        n = 1
    else:
        n = 1
    return name + "(" + ", ".join(gen_expr(rng, depth + 1) for _ in range(n)) + ")"


def gen_targeted(rng):
    """Cases the uniform generator rarely reaches: exact powers, ties,
    the flooring operators on every sign, range edges."""
    k = rng.randint(0, 13)
    s = lambda: rng.choice(["", "-"])
    if k == 0:
        t = rng.randint(2, 30)
        n = rng.choice([2, 3, 4, 5, 8, 10])
        m = rng.randint(-7, 7) or 1
        base = D.Decimal(t) ** n
        y = D.Decimal(m) / D.Decimal(n)
        scale = rng.randint(-6, 6) * n
        return "%se%d ^ %s" % (base, scale, y.normalize())
    if k == 1:
        return "%s ^ %d" % (rng.choice(["5", "2", "0.5", "0.2", "25", "1.5", "7", "0.04"]),
                            rng.randint(-120, 120))
    if k == 2:
        a = rng.choice([str(rng.randint(0, 10 ** 8)), "%d.%d" % (rng.randint(0, 99), rng.randint(0, 99)),
                        "1e%d" % rng.randint(-60, 60)])
        b = rng.choice([str(rng.randint(0, 10 ** 4)), "0.%d" % rng.randint(0, 999),
                        "1e%d" % rng.randint(-60, 60)])
        return "%s%s %s %s%s" % (s(), a, rng.choice(["//", "%"]), s(), b)
    if k == 3:
        return "sqrt(%s)" % rng.choice([str(rng.randint(0, 10 ** 6) ** 2), "%de-%d" % (
            rng.randint(1, 999) ** 2, 2 * rng.randint(0, 30)), gen_number(rng)])
    if k == 4:
        return "log10(%s)" % rng.choice(["1e%d" % rng.randint(-10049, 10000), "100", "0.001",
                                         gen_number(rng), "1000"])
    if k == 5:
        return rng.choice(["exp", "ln"]) + "(%s)" % rng.choice(
            ["0", "1", "1.0", gen_number(rng), str(rng.randint(-23100, 23100)),
             "-%d.5" % rng.randint(0, 50)])
    if k == 6:
        return "round(%s%s, %d)" % (s(), gen_number(rng), rng.randint(-52, 52))
    if k == 7:
        return "%s1e%d %s %s1e%d" % (s(), rng.randint(-10049, 10000), rng.choice("+-*/"), s(),
                                     rng.randint(-10049, 10000))
    if k == 8:
        return "%s %s %s" % (gen_number(rng), rng.choice(["+", "-"]), gen_number(rng))
    if k == 9:
        return "(1 + 1e-%d) ^ %s" % (rng.randint(1, 49), rng.choice(
            ["1e%d" % rng.randint(1, 60), str(rng.randint(1, 10 ** 6)), "0.5", "-2.5"]))
    if k == 10:
        return "%s ^ %s" % (gen_number(rng), gen_number(rng))
    if k == 11:
        return "%s / %s" % (gen_number(rng), gen_number(rng))
    if k == 12:
        odd = str(rng.randint(10 ** 49, 10 ** 50 - 1) | 1)
        return rng.choice([
            "%s / %s" % (odd, rng.choice(["2", "4", "8", "-2", "20", "0.2"])),
            "%s + 0.5" % odd, "%s - %s.5" % (odd, rng.randint(0, 9)),
            "%se-10049 * %s" % (rng.randint(1, 999), gen_number(rng)),
            "1e-%d / %s" % (rng.randint(9990, 10049), rng.choice(["7", "3", "2", "1e5"])),
            "%s1e%d %s %s1e-%d" % (s(), rng.randint(1000, 10000), rng.choice("+-"), s(),
                                   rng.randint(1000, 10049)),
            "9.%se10000 + %s1e%d" % ("9" * 49, s(), rng.randint(9945, 9955)),
        ])
    return rng.choice([
        "%s1e%d %s %s%s" % (s(), rng.randint(-10049, 10000), rng.choice(["//", "%"]), s(),
                            rng.choice(["7", "3", "1e%d" % rng.randint(-10049, 10000),
                                        gen_number(rng)])),
        "(%s%s) ^ %d" % (s(), gen_number(rng), rng.randint(-1200, 1200)),
        "(-%s) ^ %s" % (gen_number(rng), rng.choice(["1e%d" % rng.randint(1, 40),
                                                   str(rng.randint(1, 10 ** 9))])),
        "%s ^ %s" % (rng.choice(["100", "1e-10", "0.001", "1e%d" % rng.randint(-300, 300)]),
                     rng.choice(["1.5", "0.3", "-2.5", "0.125", "1e-3", "33.3"])),
        "ln(%s)" % rng.choice(["1e-10049", "9.%se10000" % ("9" * 49), "1.%s1" % ("0" * 48),
                               "0.%s" % ("9" * 50)]),
        "exp(%s%d.%d)" % (s(), rng.randint(23020, 23035), rng.randint(0, 99)),
    ])


def corrupt(rng, expr):
    """Invalid inputs: insertions, deletions, unknown names, deep and long."""
    k = rng.randint(0, 7)
    if k == 0 and expr:
        i = rng.randrange(len(expr))
        return expr[:i] + rng.choice(list("!@#$&.=<>[]{}ABZ_'\"~`;:?|") + ["é", "\u00a0"]) + expr[i:]
    if k == 1 and expr:
        i = rng.randrange(len(expr))
        return expr[:i] + expr[i + 1:]
    if k == 2:
        return rng.choice(["sin", "foo", "Pi", "pi2", "log", "sqrt", "e_"]) + rng.choice(
            ["", "(1)", "(", "()"])
    if k == 3:
        d = rng.randint(28, 36)
        return rng.choice(["(" * d + "1" + ")" * d, "-" * d + "1", "sqrt(" * d + "4" + ")" * d,
                           "+" * d + "2", "(" * d + "1"])
    if k == 4:
        n = rng.randint(500, 520)
        return "+".join(["1"] * ((n + 1) // 2))
    if k == 5:
        return "1" + " " * rng.randint(1015, 1030)
    if k == 6:
        return rng.choice(["max()", "round(1,2,3)", "sqrt(1,2)", "abs()", "exp(1,", "min(,1)",
                           "1 +", "* 2", "2 ** ", "1e", "1.", ".5", "2 3", "", " ", "(1))"])
    return expr + rng.choice(["+", "*", "(", ")", ",", "//", "^"])


def generate(count, seed):
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        r = rng.random()
        if r < 0.45:
            e = gen_expr(rng)
        elif r < 0.8:
            e = gen_targeted(rng)
        else:
            e = corrupt(rng, gen_expr(rng))
        out.append(e)
    return out


def gen_transcendental_number(rng, low, high):
    """A positive decimal of 1..50 digits with adjusted exponent in [low, high]."""
    r = rng.random()
    if r < 0.15:
        # near one: 1.000…0ddd or 0.999…9ddd
        zeros = rng.randint(1, 45)
        tail = str(rng.randint(1, 10 ** rng.randint(1, 50 - zeros)))
        return rng.choice(["1." + "0" * zeros + tail, "0." + "9" * zeros + tail])
    digits = str(rng.randint(1, 10 ** rng.randint(1, 50) - 1))
    exponent = rng.randint(low, high) - (len(digits) - 1)
    return "%se%d" % (digits, exponent)


def gen_transcendental(rng):
    """ln, log10, exp and powers with non-integral or large exponents."""
    kind = rng.random()
    if kind < 0.25:
        return "ln(%s)" % gen_transcendental_number(
            rng, *rng.choice([(-30, 30), (-10049, 10000)]))
    if kind < 0.45:
        return "log10(%s)" % gen_transcendental_number(
            rng, *rng.choice([(-30, 30), (-10049, 10000)]))
    if kind < 0.7:
        sign = rng.choice(["", "-"])
        if rng.random() < 0.1:
            return "exp(%s%d.%d)" % (sign, rng.choice([23025, 23026, 23027, 23140, 23141, 23150]),
                                     rng.randint(0, 999))
        return "exp(%s%s)" % (sign, gen_transcendental_number(rng, -60, 4))
    x = gen_transcendental_number(rng, *rng.choice([(-10, 10), (-300, 300)]))
    if kind < 0.9:
        y = "%s%d.%s" % (rng.choice(["", "-"]), rng.randint(0, 40),
                         str(rng.randint(1, 10 ** rng.randint(1, 12))).rjust(rng.randint(1, 3), "0"))
    else:
        y = "%s%d" % (rng.choice(["", "-"]), rng.randint(60, 3000))
    return "%s ^ %s" % (x, y)


def transcendental(driver, count, seed):
    rng = random.Random(seed)
    expressions = [gen_transcendental(rng) for _ in range(count)]
    expected = [evaluate(e) for e in expressions]
    actual = run_driver(driver, expressions)
    mismatches = [(e, x, a) for e, x, a in zip(expressions, expected, actual) if x != a]
    inexact = sum(1 for x in expected if x[0] == "ok" and not x[2])
    print("transcendental expressions: %d, seed %d, rounded results: %d" % (count, seed, inexact))
    for e, x, a in mismatches[:30]:
        print("MISMATCH %r\n  reference %r\n  core      %r" % (e, x, a))
    print("mismatches: %d" % len(mismatches))
    return 1 if mismatches else 0


# ------------------------------------------------------------------- driver

def run_driver(driver, expressions):
    payload = "".join(json.dumps(e) + "\n" for e in expressions)
    proc = subprocess.run([driver], input=payload.encode(), stdout=subprocess.PIPE, check=True)
    lines = proc.stdout.decode().splitlines()
    if len(lines) != len(expressions):
        raise SystemExit("driver answered %d lines for %d expressions" % (len(lines), len(expressions)))
    return [tuple(json.loads(line)) for line in lines]


def differential(driver, count, seed):
    expressions = generate(count, seed)
    expected = [evaluate(e) for e in expressions]
    actual = run_driver(driver, expressions)
    mismatches = [(e, x, a) for e, x, a in zip(expressions, expected, actual) if x != a]
    kinds = {}
    for x in expected:
        key = x[0] if x[0] == "ok" else x[1][len(PREFIX):]
        kinds[key] = kinds.get(key, 0) + 1
    print("expressions: %d, seed %d, outcomes: %s" % (count, seed, kinds))
    for e, x, a in mismatches[:30]:
        print("MISMATCH %r\n  reference %r\n  core      %r" % (e, x, a))
    print("mismatches: %d" % len(mismatches))
    return 1 if mismatches else 0


def floor_mod(driver):
    """// and % against Python's int operators on every sign combination."""
    rng = random.Random(6)
    cases = []
    for a_sign in (1, -1, 0):
        for b_sign in (1, -1):
            for _ in range(60):
                a = a_sign * rng.randint(1, 10 ** rng.randint(1, 20))
                b = b_sign * rng.randint(1, 10 ** rng.randint(1, 12))
                cases.append((a, b))
    cases += [(7, 2), (-7, 2), (7, -2), (-7, -2), (6, 3), (-6, 3), (6, -3), (-6, -3), (0, -5)]
    expressions = []
    expected = []
    for a, b in cases:
        expressions += ["%d // %d" % (a, b), "%d %% %d" % (a, b)]
        expected += [("ok", str(a // b), True), ("ok", str(a % b), True)]
    for a in (7, -7, 0):
        expressions += ["%d // 0" % a, "%d %% 0" % a]
        expected += [("err", PREFIX + "division_by_zero")] * 2
    actual = run_driver(driver, expressions)
    bad = [(e, x, a) for e, x, a in zip(expressions, expected, actual) if x != a]
    for e, x, a in bad[:30]:
        print("MISMATCH %r python %r core %r" % (e, x, a))
    print("floor-mod cases: %d, mismatches: %d" % (len(expressions), len(bad)))
    return 1 if bad else 0


def main(argv):
    if len(argv) >= 2 and argv[0] == "eval":
        print(evaluate(argv[1]))
        return 0
    if len(argv) >= 2 and argv[0] == "differential":
        count, seed = 10000, 4
        rest = argv[2:]
        for i in range(0, len(rest) - 1, 2):
            if rest[i] == "--count":
                count = int(rest[i + 1])
            elif rest[i] == "--seed":
                seed = int(rest[i + 1])
        return differential(argv[1], count, seed)
    if len(argv) >= 2 and argv[0] == "transcendental":
        count, seed = 5000, 4
        rest = argv[2:]
        for i in range(0, len(rest) - 1, 2):
            if rest[i] == "--count":
                count = int(rest[i + 1])
            elif rest[i] == "--seed":
                seed = int(rest[i + 1])
        return transcendental(argv[1], count, seed)
    if len(argv) >= 2 and argv[0] == "floor-mod":
        return floor_mod(argv[1])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
