// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

interface IMintable {
    function mint(address to, uint256 value) external;
}

/// The devnet's stand-in for 1inch's AggregationRouterV6 (devnet/constants.ts REGISTRY_STAND_INS.oneInchRouter): `swap`
/// with the router's signature, so the ERC-7730 registry's 1inch descriptor words it on the devnet. It takes the source
/// token and mints the minimum return of the destination token (the devnet's test tokens mint to anyone).
contract OneInchRouterStandIn {
    struct SwapDescription {
        address srcToken;
        address dstToken;
        address srcReceiver;
        address dstReceiver;
        uint256 amount;
        uint256 minReturnAmount;
        uint256 flags;
    }

    function swap(address, SwapDescription calldata desc, bytes calldata) external payable returns (uint256 returnAmount, uint256 spentAmount) {
        require(IERC20(desc.srcToken).transferFrom(msg.sender, desc.srcReceiver, desc.amount), "transfer failed");
        IMintable(desc.dstToken).mint(desc.dstReceiver, desc.minReturnAmount);
        return (desc.minReturnAmount, desc.amount);
    }
}
