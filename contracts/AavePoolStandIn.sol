// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// The devnet's stand-in for Aave v3's Pool (devnet/constants.ts REGISTRY_STAND_INS.aavePool): `supply` with the Pool's
/// signature, taking the tokens as the Pool does, so the ERC-7730 registry's Aave descriptor words it on the devnet.
contract AavePoolStandIn {
    mapping(address asset => mapping(address account => uint256)) public supplied;

    function supply(address asset, uint256 amount, address onBehalfOf, uint16) external {
        require(IERC20(asset).transferFrom(msg.sender, address(this), amount), "transfer failed");
        supplied[asset][onBehalfOf] += amount;
    }
}
