"""Digests (``puzzles.final_digest``) of the final-score puzzles that ``make_final_puzzle`` made
with the exact solver when their set was written (``python -m corinth.solver.puzzles`` writes this
file; ``tests/solver/test_puzzles.py`` solves every one of them again). A final-score puzzle not listed here,
or changed in any field, is solved exactly when it is loaded.
"""

FINAL_SCORE = frozenset(
    {
        "480941985327f0cfa81289ff317accc35d935980d51c4fb1d7778cdb08a89951",  # t4-01
        "d2a9f39073d8a7a5a73aa59a6af40f65375594b269d376a86ee126ef71aaaa26",  # t4-02
        "59dc1613cd189c3c9dff5cf0c5e43d6aee2f3473820198a4e9392b944dfb3212",  # t4-03
        "09f5c121eced8fcf326a5ba4ef189c594409a7524d4dc09e8f54addbd6a3e5f5",  # t4-04
        "06cb844866b4c3ec63ba017eddfbd2346f2e001ae24d5b0d3169e9ae2dd5e02f",  # t4-05
        "767928e7069de02b0cfb050cba964fb5a6002e8de9c7da2db236b996792b3031",  # t4-06
        "86fd493064630996f2e0bee12592f3a2cc46053744638d33a91f54381f08a890",  # t4-07
        "6a95d19918b4e65dc206f361916ae6619e97c2db17bf3701ac4d09dc7c7e828a",  # t4-08
        "f35173bc076a48de239fe1b6273fd60d6dc8fc47cbeeb3faca6a077450b775c3",  # t4-09
        "949d5e32ac1e110442b9837e1ddc73df439160c8dfc8a2213f608bf31de67213",  # t4-10
        "050e0b5941de6392a920ca7fd5869cf34dce22104e12508edd74c2270de6653b",  # t4-11
        "afdccfb980240a35883187d11c799172bdc9208849de2c5c36f6d4230ba1d87f",  # t4-12
        "9abfc5f2345985008dc55de0e882abf9c3bfa2a391bb3b4328d4201b98d60dfc",  # t5-01
        "2f84fb34dd4aeeb62799978e77edbbe663f8830e31e7fbb70c8f3d5c77f59439",  # t5-02
        "3bc1700f873bb83debaaa54e46ae9101b8203ffe86594d7db221cb856db1da1e",  # t5-03
        "2fbd14b1d365f1307644c167da8b39a9c9982dfcf5557ff509a85dbe11aca7d3",  # t5-04
        "642a999d0931802f30c5a01a2ead7a9ea2538b81b5bfe360e8adeb639b1cedd7",  # t5-05
        "74bb4007be48789c55fbfcca50883591a38de3f672134b05320cad29f16a22d9",  # t5-06
        "3db8e90c925b4f1377a8ddafe35ba47e37fd6f0b086bdbf7a09ae2709bcc48ae",  # t6-01
        "d8000bb20d23cbe8414a607dc1c7e709e6c81fdcef907aad803b2aa51846f0e5",  # t6-02
        "f07046ae36df715fb00de0715166b0f9a23c5938c3d6e2dbe223f8ac79d693f2",  # t6-03
        "13171f1afd6efa5bf650d8a318bd9789cd0d469a394876566ea3323b307c9ba5",  # t6-04
        "44624a23b5b7354f651fc9dae1fbde9f11df84654383618544f500710aaf9143",  # t6-05
        "3b3266048b3134cffdbf499508abacbda7448ae97a9c7609b675c1e8c0579ff5",  # t6-06
    }
)
