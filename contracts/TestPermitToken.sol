// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// An EIP-2612 token for the devnet: allowances granted by a signed `permit`. `mint` is open so tests can fund any account.
contract TestPermitToken is ERC20Permit {
    constructor() ERC20("Test Permit Token", "TPT") ERC20Permit("Test Permit Token") {}

    function mint(address to, uint256 value) external {
        _mint(to, value);
    }
}
