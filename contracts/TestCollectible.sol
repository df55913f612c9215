// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// An ERC-721 for the devnet. Token i + 1 goes to holders[i] at deployment; `mint` is open so tests can give any
/// account a token. Odd ids carry their metadata as a data: URI (JSON with an SVG image), even ids an https: URI,
/// so the wallet shows both kinds without fetching anything.
contract TestCollectible is ERC721 {
    uint256 public nextId = 1;

    constructor(address[] memory holders) ERC721("Test Collectible", "TCOL") {
        for (uint256 i = 0; i < holders.length; i++) mint(holders[i]);
    }

    function mint(address to) public returns (uint256 id) {
        id = nextId++;
        _mint(to, id);
    }

    function tokenURI(uint256 id) public view override returns (string memory) {
        _requireOwned(id);
        string memory number = Strings.toString(id);
        if (id % 2 == 0) return string.concat("https://collectibles.example/tcol/", number, ".json");
        string memory svg = string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#3b6ea8"/>',
            '<text x="32" y="40" font-size="20" text-anchor="middle" fill="#fff">#', number, "</text></svg>"
        );
        string memory json = string.concat(
            '{"name":"Test Collectible #', number, '","description":"A devnet collectible.","image":"data:image/svg+xml;base64,',
            Base64.encode(bytes(svg)), '"}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }
}
