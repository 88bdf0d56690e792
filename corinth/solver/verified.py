"""Digests (``puzzles.final_digest``) of the final-score puzzles that ``make_final_puzzle`` made
with the exact solver when their set was written (``python -m corinth.solver.puzzles`` writes this
file; ``tests/test_puzzles.py`` solves every one of them again). A final-score puzzle not listed here,
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
    }
)
