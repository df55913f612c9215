// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/**
 * The devnet's ETH / USD price feed, answering as a Chainlink AggregatorV3 does (`latestRoundData`, 8 decimals);
 * `setPrice` is open so tests can move the price past a permit's cap. Each new price is a new round.
 */
contract TestPriceFeed {
    uint8 public constant decimals = 8;
    string public constant description = "ETH / USD";
    uint256 public constant version = 4;

    int256 private answer;
    uint80 private roundId;
    uint256 private updatedAt;

    constructor(int256 initialAnswer) {
        setPrice(initialAnswer);
    }

    function setPrice(int256 newAnswer) public {
        answer = newAnswer;
        roundId += 1;
        updatedAt = block.timestamp;
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        return (roundId, answer, updatedAt, updatedAt, roundId);
    }
}
