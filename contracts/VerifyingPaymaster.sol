// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import "@account-abstraction/contracts/core/BasePaymaster.sol";
import "@account-abstraction/contracts/core/Eip7702Support.sol";
import "@account-abstraction/contracts/core/Helpers.sol";
import "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

/**
 * Pays for any UserOperation that an off-chain service (devnet/paymaster/) has signed: the sponsorship decision is
 * made off chain, this contract only checks the service's signature and the validity window it chose.
 *
 * paymasterAndData = paymaster (20) ‖ paymasterVerificationGasLimit (16) ‖ paymasterPostOpGasLimit (16)
 *                    ‖ validUntil (6) ‖ validAfter (6) ‖ signature (65)
 *
 * Adapted from eth-infinitism's VerifyingPaymaster sample to EntryPoint v0.8: the signed hash uses the same
 * initCode hash as the EntryPoint (for EIP-7702 senders, the delegate rather than the 0x7702 marker), so it does not
 * depend on how a bundler pads the marker.
 */
contract VerifyingPaymaster is BasePaymaster {
    address public immutable verifyingSigner;

    uint256 private constant VALID_TIMESTAMP_OFFSET = PAYMASTER_DATA_OFFSET;
    uint256 private constant SIGNATURE_OFFSET = VALID_TIMESTAMP_OFFSET + 12;

    constructor(IEntryPoint _entryPoint, address _verifyingSigner, address _owner) BasePaymaster(_entryPoint) {
        verifyingSigner = _verifyingSigner;
        // Deployed through the CREATE2 deployer, whose address would otherwise be the owner.
        _transferOwnership(_owner);
    }

    /**
     * The hash the service signs (as an EIP-191 personal message): every field of the UserOperation except the
     * signatures, the paymaster gas limits, and the chain, this paymaster and the validity window.
     */
    function getHash(PackedUserOperation calldata userOp, uint48 validUntil, uint48 validAfter) public view returns (bytes32) {
        bytes32 initCodeHash = Eip7702Support._getEip7702InitCodeHashOverride(userOp);
        if (initCodeHash == 0) initCodeHash = keccak256(userOp.initCode);
        return keccak256(abi.encode(
            userOp.sender,
            userOp.nonce,
            initCodeHash,
            keccak256(userOp.callData),
            userOp.accountGasLimits,
            bytes32(userOp.paymasterAndData[PAYMASTER_VALIDATION_GAS_OFFSET:PAYMASTER_DATA_OFFSET]),
            userOp.preVerificationGas,
            userOp.gasFees,
            block.chainid,
            address(this),
            validUntil,
            validAfter
        ));
    }

    function parsePaymasterAndData(bytes calldata paymasterAndData)
        public pure returns (uint48 validUntil, uint48 validAfter, bytes calldata signature)
    {
        validUntil = uint48(bytes6(paymasterAndData[VALID_TIMESTAMP_OFFSET:VALID_TIMESTAMP_OFFSET + 6]));
        validAfter = uint48(bytes6(paymasterAndData[VALID_TIMESTAMP_OFFSET + 6:SIGNATURE_OFFSET]));
        signature = paymasterAndData[SIGNATURE_OFFSET:];
    }

    /**
     * A wrong signature returns SIG_VALIDATION_FAILED instead of reverting, so that gas estimation with the service's
     * stub (dummy) signature runs the same code path as the real one.
     */
    function _validatePaymasterUserOp(PackedUserOperation calldata userOp, bytes32, uint256)
        internal view override returns (bytes memory context, uint256 validationData)
    {
        require(userOp.paymasterAndData.length == SIGNATURE_OFFSET + 65, "VerifyingPaymaster: paymasterData must be validUntil(6) validAfter(6) signature(65)");
        (uint48 validUntil, uint48 validAfter, bytes calldata signature) = parsePaymasterAndData(userOp.paymasterAndData);
        bytes32 hash = MessageHashUtils.toEthSignedMessageHash(getHash(userOp, validUntil, validAfter));
        (address recovered, ECDSA.RecoverError error, ) = ECDSA.tryRecoverCalldata(hash, signature);
        bool sigFailed = error != ECDSA.RecoverError.NoError || recovered != verifyingSigner;
        return ("", _packValidationData(sigFailed, validUntil, validAfter));
    }
}
