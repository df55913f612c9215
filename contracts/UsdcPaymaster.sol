// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import "@account-abstraction/contracts/core/BasePaymaster.sol";
import "@account-abstraction/contracts/core/UserOperationLib.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

interface IUsdcPermit {
    /// FiatToken v2.2's permit with a bytes signature (ECDSA or ERC-1271).
    function permit(address owner, address spender, uint256 value, uint256 deadline, bytes memory signature) external;
}

interface IPriceFeed {
    function decimals() external view returns (uint8);
    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80);
}

/**
 * A token paymaster with Circle Paymaster v0.8's interface and behaviour (docs/usdcFees.md: Circle's docs describe
 * it; its source is not public, so this is written from that description): the sender pays the fee in USDC through an
 * EIP-2612 permit carried in the userOp, nobody signs for the paymaster.
 *
 * paymasterAndData = paymaster (20) ‖ paymasterVerificationGasLimit (16) ‖ paymasterPostOpGasLimit (16)
 *                    ‖ encodePacked(uint8 mode = 0, address token, uint256 permitAmount, bytes permitSignature)
 *
 * Validation prices the op's maximum cost, `(maxCost + additionalGasCharge × maxFeePerGas) × price / 1e18` plus the
 * spread, refuses a permit amount below it (the permit amount is the user's cap), runs the permit (spender this
 * contract, deadline type(uint256).max: validation may not read TIMESTAMP) and pulls that prefund; postOp prices what
 * the op cost at the validation's price, refunds the rest and emits UserOperationSponsored. Amounts round up.
 * The owner can pause it, deny senders, and change the oracle, the spread and the extra gas charge, as Circle's can.
 */
contract UsdcPaymaster is BasePaymaster {
    using SafeERC20 for IERC20;
    using UserOperationLib for PackedUserOperation;

    /// Circle's event, as its docs list it: emitted in postOp, after the refund.
    event UserOperationSponsored(
        IERC20 indexed token, address indexed sender, bytes32 userOpHash,
        uint256 nativeTokenPrice, uint256 actualTokenNeeded, uint256 feeTokenAmount
    );

    error Paused();
    error SenderDenied(address sender);
    error UnsupportedMode(uint8 mode);
    error UnsupportedToken(address token);
    error MalformedPaymasterData();
    error PostOpGasLimitTooLow(uint256 limit, uint256 required);
    error PermitAmountTooLow(uint256 permitAmount, uint256 required);
    error BadPrice(int256 answer);

    uint8 private constant MODE_PERMIT = 0;
    /// mode (1) ‖ token (20) ‖ permitAmount (32), then the permit's signature.
    uint256 private constant SIGNATURE_OFFSET = PAYMASTER_DATA_OFFSET + 1 + 20 + 32;
    uint256 private constant BASIS_POINTS = 10_000;

    IERC20 public immutable token;
    uint256 private immutable tokenUnit;
    IPriceFeed public oracle;
    /// Basis points added to the fee to cover the cost of exchanging the token for ETH.
    uint256 public feeSpread;
    /// Gas the postOp's transfer costs beyond what the EntryPoint meters, charged at the op's fee per gas.
    uint256 public additionalGasCharge;
    bool public paused;
    mapping(address => bool) public denied;

    constructor(IEntryPoint _entryPoint, IERC20 _token, IPriceFeed _oracle, address _owner, uint256 _feeSpread, uint256 _additionalGasCharge)
        BasePaymaster(_entryPoint)
    {
        token = _token;
        tokenUnit = 10 ** IERC20Metadata(address(_token)).decimals();
        oracle = _oracle;
        feeSpread = _feeSpread;
        additionalGasCharge = _additionalGasCharge;
        // Deployed through the CREATE2 deployer, whose address would otherwise be the owner.
        _transferOwnership(_owner);
    }

    /// The price of 1 ether (1e18 wei) in token units, from the ETH / USD feed (the token counted as one dollar).
    function fetchPrice() public view returns (uint256) {
        (, int256 answer, , , ) = oracle.latestRoundData();
        if (answer <= 0) revert BadPrice(answer);
        return uint256(answer) * tokenUnit / 10 ** oracle.decimals();
    }

    /// What `weiCost` costs in token at `price`: the total charged and, within it, the spread.
    function tokenCost(uint256 weiCost, uint256 price) public view returns (uint256 total, uint256 spread) {
        uint256 base = ceilDiv(weiCost * price, 1e18);
        spread = ceilDiv(base * feeSpread, BASIS_POINTS);
        total = base + spread;
    }

    function setPaused(bool value) external onlyOwner { paused = value; }
    function setDenied(address sender, bool value) external onlyOwner { denied[sender] = value; }
    function setOracle(IPriceFeed value) external onlyOwner { oracle = value; }
    function setFeeSpread(uint256 value) external onlyOwner { feeSpread = value; }
    function setAdditionalGasCharge(uint256 value) external onlyOwner { additionalGasCharge = value; }

    function withdrawToken(address to, uint256 amount) external onlyOwner {
        token.safeTransfer(to, amount);
    }

    function _validatePaymasterUserOp(PackedUserOperation calldata userOp, bytes32 userOpHash, uint256 maxCost)
        internal override returns (bytes memory context, uint256 validationData)
    {
        if (paused) revert Paused();
        address sender = userOp.sender;
        if (denied[sender]) revert SenderDenied(sender);
        bytes calldata data = userOp.paymasterAndData;
        if (data.length < SIGNATURE_OFFSET) revert MalformedPaymasterData();
        uint8 mode = uint8(data[PAYMASTER_DATA_OFFSET]);
        if (mode != MODE_PERMIT) revert UnsupportedMode(mode);
        address named = address(bytes20(data[PAYMASTER_DATA_OFFSET + 1:PAYMASTER_DATA_OFFSET + 21]));
        if (named != address(token)) revert UnsupportedToken(named);
        uint256 permitAmount = uint256(bytes32(data[PAYMASTER_DATA_OFFSET + 21:SIGNATURE_OFFSET]));
        uint256 postOpGasLimit = userOp.unpackPostOpGasLimit();
        if (postOpGasLimit < additionalGasCharge) revert PostOpGasLimitTooLow(postOpGasLimit, additionalGasCharge);

        uint256 price = fetchPrice();
        (uint256 prefund, ) = tokenCost(maxCost + additionalGasCharge * userOp.unpackMaxFeePerGas(), price);
        if (permitAmount < prefund) revert PermitAmountTooLow(permitAmount, prefund);
        // A standing allowance (an earlier op's permit not yet spent) makes the permit's nonce stale: skip it then.
        if (token.allowance(sender, address(this)) < prefund) {
            IUsdcPermit(address(token)).permit(sender, address(this), permitAmount, type(uint256).max, data[SIGNATURE_OFFSET:]);
        }
        token.safeTransferFrom(sender, address(this), prefund);
        return (abi.encode(sender, userOpHash, prefund, price), 0);
    }

    function _postOp(PostOpMode, bytes calldata context, uint256 actualGasCost, uint256 actualUserOpFeePerGas) internal override {
        (address sender, bytes32 userOpHash, uint256 prefund, uint256 price) = abi.decode(context, (address, bytes32, uint256, uint256));
        (uint256 actualTokenNeeded, uint256 spread) = tokenCost(actualGasCost + additionalGasCharge * actualUserOpFeePerGas, price);
        // Never more than the prefund the sender agreed to (the owner may have raised the charge since validation).
        if (actualTokenNeeded > prefund) actualTokenNeeded = prefund;
        if (prefund > actualTokenNeeded) token.safeTransfer(sender, prefund - actualTokenNeeded);
        emit UserOperationSponsored(token, sender, userOpHash, price, actualTokenNeeded, spread);
    }

    function ceilDiv(uint256 a, uint256 b) private pure returns (uint256) {
        return a == 0 ? 0 : (a - 1) / b + 1;
    }
}
