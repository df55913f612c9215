// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {Nonces} from "@openzeppelin/contracts/utils/Nonces.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";

/**
 * The devnet's USDC: 6 decimals, and FiatToken v2.2's two permits (circlefin/stablecoin-evm contracts/v2/EIP2612.sol,
 * commit 18c2eaa): `permit(..., v, r, s)` and `permit(..., bytes signature)`, the EIP-712 domain ("USD Coin", "2"),
 * a deadline of type(uint256).max meaning none, and the signature checked by ECDSA when the owner has no code and by
 * ERC-1271 when it has (an EIP-7702 account), as Circle's SignatureChecker does. `mint` is open so tests fund anyone;
 * the constructor mints to the holders it is given, so funding the devnet's accounts moves no account's nonce.
 */
contract TestUsdc is ERC20, EIP712, Nonces {
    bytes32 public constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");

    error PermitExpired(uint256 deadline);
    error InvalidPermitSignature(address owner);

    constructor(address[] memory holders, uint256 value) ERC20("USD Coin", "USDC") EIP712("USD Coin", "2") {
        for (uint256 i = 0; i < holders.length; i++) _mint(holders[i], value);
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function mint(address to, uint256 value) external {
        _mint(to, value);
    }

    /// FiatToken's: the EIP-712 domain's version, which a wallet reads to build the permit.
    function version() external pure returns (string memory) {
        return "2";
    }

    function DOMAIN_SEPARATOR() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

    function nonces(address owner) public view override returns (uint256) {
        return super.nonces(owner);
    }

    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        _permit(owner, spender, value, deadline, abi.encodePacked(r, s, v));
    }

    function permit(address owner, address spender, uint256 value, uint256 deadline, bytes memory signature) external {
        _permit(owner, spender, value, deadline, signature);
    }

    function _permit(address owner, address spender, uint256 value, uint256 deadline, bytes memory signature) private {
        if (deadline != type(uint256).max && deadline < block.timestamp) revert PermitExpired(deadline);
        bytes32 digest = _hashTypedDataV4(
            keccak256(abi.encode(PERMIT_TYPEHASH, owner, spender, value, _useNonce(owner), deadline))
        );
        if (!SignatureChecker.isValidSignatureNow(owner, digest, signature)) revert InvalidPermitSignature(owner);
        _approve(owner, spender, value);
    }
}
