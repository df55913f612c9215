// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";

/// An ERC-1155 for the devnet: holders[i] gets 5 of id 1 at deployment; `mint` is open so tests can give any
/// account any amount. Its metadata URI is remote (ERC-1155's {id} template), which the wallet shows, never fetches.
contract TestMultiToken is ERC1155 {
    constructor(address[] memory holders) ERC1155("https://collectibles.example/tmt/{id}.json") {
        for (uint256 i = 0; i < holders.length; i++) _mint(holders[i], 1, 5, "");
    }

    function mint(address to, uint256 id, uint256 amount) external {
        _mint(to, id, amount, "");
    }
}
