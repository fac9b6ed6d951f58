"""Public datasets the samples download, made offline for the harness.

`sklearn.datasets.fetch_20newsgroups` downloads a 14 MB archive from figshare and checks
its SHA-256, so no fake server can stand in for that host. Instead this writes the
cache file scikit-learn reads before downloading (`20news-bydate_py3.pkz` in the
directory named by SCIKIT_LEARN_DATA): a synthetic corpus with the real 20 category
names and the same shape (train and test splits; posts with headers, quotes and
signatures for `remove=` to strip). Usage: `python offline_data.py DIRECTORY`.
"""

import codecs
import pickle
import random
import sys
from pathlib import Path

import numpy as np
from sklearn.utils import Bunch

CATEGORIES = {
    "alt.atheism": "god belief religion atheism faith argument morality bible existence church",
    "comp.graphics": "image graphics rendering polygon texture pixel format jpeg shading animation",
    "comp.os.ms-windows.misc": "windows driver install dos file memory setup program crash version",
    "comp.sys.ibm.pc.hardware": "motherboard ide scsi drive controller bios card jumper disk cpu",
    "comp.sys.mac.hardware": "mac apple powerbook quadra monitor simm centris duo lc adb",
    "comp.windows.x": "xterm motif widget server window manager display xlib colormap client",
    "misc.forsale": "sale price offer shipping condition sell asking brand obo items",
    "rec.autos": "car engine dealer tires mileage brake transmission sedan ford oil",
    "rec.motorcycles": "bike motorcycle helmet ride rider honda dod clutch lane touring",
    "rec.sport.baseball": "baseball pitcher season hitter inning runs team league mets braves",
    "rec.sport.hockey": "hockey goalie playoff team period nhl puck leafs penguins score",
    "sci.crypt": "encryption key clipper chip algorithm privacy nsa secure escrow cipher",
    "sci.electronics": "circuit voltage resistor amplifier power current battery signal chip wire",
    "sci.med": "doctor patient treatment disease symptoms medicine pain diet migraine study",
    "sci.space": "orbit launch nasa shuttle moon satellite spacecraft mission rocket station",
    "soc.religion.christian": "christ church faith scripture prayer jesus sin worship christian grace",
    "talk.politics.guns": "gun firearms weapon amendment control rifle law crime carry atf",
    "talk.politics.mideast": "israel arab peace land palestinian turkish armenian region conflict border",
    "talk.politics.misc": "government tax president policy congress clinton vote economy law federal",
    "talk.religion.misc": "moral religious koresh belief truth cult spirit bible prophecy question",
}
COMMON = "the a and of to in is that it for on with as was this have not but you are they be".split()
# Posts per category in each split: enough for the pages' classifiers, UMAP and t-SNE,
# few enough that t-SNE, the slowest step of any sample, takes seconds, not a minute.
TRAIN, TEST = 60, 40


def post(rng: random.Random, category: str, words: list[str], number: int) -> str:
    body = []
    for _ in range(rng.randint(3, 6)):
        sentence = [rng.choice(words if rng.random() < 0.45 else COMMON) for _ in range(rng.randint(8, 16))]
        body.append(" ".join(sentence).capitalize() + ".")
    quote = f"In article <{number}@news.example>, someone writes:\n> {rng.choice(words)} {rng.choice(COMMON)}"
    return (
        f"From: user{number}@example.edu\nSubject: {rng.choice(words)} question\nOrganization: Example\n\n"
        f"{quote}\n\n" + "\n".join(body) + f"\n\n-- \nUser {number}\n"
    )


def split(rng: random.Random, name: str, count: int) -> Bunch:
    data, target, filenames = [], [], []
    names = list(CATEGORIES)
    for index, (category, words) in enumerate(CATEGORIES.items()):
        for i in range(count):
            number = len(data)
            # Like real newsgroups, some posts read like another group's: classifiers make mistakes.
            if rng.random() < 0.15:
                words = CATEGORIES[rng.choice(names)]
            data.append(post(rng, category, words.split(), number))
            words = CATEGORIES[category]
            target.append(index)
            filenames.append(f"20news-bydate-{name}/{category}/{number}")
    return Bunch(
        data=data,
        filenames=np.array(filenames),
        target_names=list(CATEGORIES),
        target=np.array(target),
        DESCR="A synthetic stand-in for 20 Newsgroups (docs samples harness).",
    )


def write_20newsgroups(directory: Path) -> Path:
    rng = random.Random(0)
    cache = {"train": split(rng, "train", TRAIN), "test": split(rng, "test", TEST)}
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "20news-bydate_py3.pkz"
    path.write_bytes(codecs.encode(pickle.dumps(cache), "zlib_codec"))
    return path


if __name__ == "__main__":
    print(write_20newsgroups(Path(sys.argv[1])))
