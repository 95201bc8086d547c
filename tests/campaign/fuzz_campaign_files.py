#!/usr/bin/env python3
"""Fuzzer of the campaign driver's readers (scripts/campaign/matrix.py): seeded mutations of the shipped campaign
files and decks (bytes flipped, inserted, deleted; lines repeated, dropped, swapped; keys and values from a small
dictionary) are parsed and expanded for a few scales. Each must either work or raise matrix.MatrixError (the
driver's one-line `campaign: error: ...`); any other exception is a failure, printed with the input that caused it.

  fuzz_campaign_files.py [--runs N] [--seed S]
"""
import argparse
import os
import random
import sys
import tempfile
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, "scripts", "campaign"))
import matrix  # noqa: E402

WORDS = [b"machine", b"apps", b"scales", b"mappings", b"repeat", b"smpirun", b"compute", b"app", b"args", b"graph",
         b"all", b"default", b"auto", b"deck", b"measured", b"{ranks}", b"{procs3}", b"{px}", b"{nd}", b"{", b"}",
         b"{0}", b"{ranks!r}", b"{x.y}", b"cell=1e-9", b"=", b"0", b"-1", b"99999999999999999999", b"1e400", b"\"",
         b"'", b"#", b"\t", b"\xff\xfe", b"\x00", b"stencil3d:{procs3}", b"torus:2x2x2,cores=2"]


def mutate(data, rng):
    data = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        op = rng.randrange(7)
        at = rng.randint(0, len(data))
        if op == 0 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif op == 1:
            data[at:at] = rng.choice(WORDS) + rng.choice([b" ", b"\n", b""])
        elif op == 2 and data:
            del data[at:at + rng.randint(1, 16)]
        else:
            lines = bytes(data).split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            if op == 3:
                lines.insert(j, lines[i])
            elif op == 4:
                del lines[i]
            elif op == 5:
                lines[i], lines[j] = lines[j], lines[i]
            else:
                lines[i] = rng.choice(WORDS) + b" " + b" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 3)))
            data = bytearray(b"\n".join(lines))
    return bytes(data)


def exercise(campaign_path, decks_dir):
    campaign = matrix.Campaign(campaign_path, decks_dir)
    decks = campaign.available_decks()
    runs = matrix.expand(campaign, decks, campaign.apps, lambda app: True)
    for run in runs[:50]:
        matrix.run_id(run)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    rng = random.Random(args.seed)
    campaigns = os.path.join(ROOT, "inputs", "campaigns")
    seeds_c = [open(os.path.join(campaigns, f), "rb").read() for f in sorted(os.listdir(campaigns))
               if f.endswith(".campaign")]
    seeds_d = [open(os.path.join(campaigns, "apps", f), "rb").read()
               for f in sorted(os.listdir(os.path.join(campaigns, "apps"))) if f.endswith(".deck")]
    failures, refused = 0, 0
    with tempfile.TemporaryDirectory(prefix="tamp-fuzz-campaign-") as tmp:
        decks = os.path.join(tmp, "decks")
        os.makedirs(decks)
        path = os.path.join(tmp, "x.campaign")
        for n in range(args.runs):
            campaign = rng.choice(seeds_c)
            if rng.random() < 0.6:
                campaign = mutate(campaign, rng)
            deck = mutate(rng.choice(seeds_d), rng) if rng.random() < 0.8 else rng.choice(seeds_d)
            with open(path, "wb") as f:
                f.write(campaign.replace(b"machine  cielo-sparse.machine", b"machine  torus:2x2x2,cores=2"))
            for old in os.listdir(decks):
                os.remove(os.path.join(decks, old))
            with open(os.path.join(decks, "a.deck"), "wb") as f:
                f.write(deck)
            try:
                exercise(path, decks)
            except matrix.MatrixError:
                refused += 1
            except Exception:  # anything else reaches the user as a traceback
                failures += 1
                print(f"run {n}: {traceback.format_exc().strip().splitlines()[-1]}\ncampaign: {campaign!r}\n"
                      f"deck: {deck!r}\n", flush=True)
                if failures >= 5:
                    break
    print(f"{args.runs} inputs: {args.runs - refused - failures} accepted, {refused} refused with a MatrixError, "
          f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
